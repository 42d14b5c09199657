package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"bitlab/kernels"
	"bitlab/schema"
)

// features formats an implementation's CPU features, "-" for none.
func features(i kernels.Info) string { return schema.FeatureList(i.Features) }

// status says whether an implementation runs here, and if not, why.
func status(k kernels.Kernel) string {
	if err := k.Supported(); err != nil {
		return "no: " + err.Error()
	}
	return "yes"
}

// writeList prints one line per implementation: identifier, arch, CPU
// features, whether it runs here, and its source.
func writeList(w io.Writer, ks []kernels.Kernel) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KERNEL\tARCH\tFEATURES\tTABLES\tSUPPORTED\tSOURCE")
	for _, k := range ks {
		i := k.Info()
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", i.ID(), i.Arch, features(i), tablesText(i.Tables), status(k), i.Source)
	}
	return tw.Flush()
}

// writeMarkdown prints the README's table of every family and
// implementation. It does not depend on the machine it runs on.
func writeMarkdown(w io.Writer, fams []kernels.AnyFamily) {
	esc := strings.NewReplacer("|", `\|`)
	for _, f := range fams {
		fmt.Fprintf(w, "\n**%s**: %s; baseline `%s`\n\n", f.Name(), esc.Replace(f.Doc()), f.Baseline())
		fmt.Fprintln(w, "| implementation | arch | CPU features | tables | what it does | source |")
		fmt.Fprintln(w, "|---|---|---|---|---|---|")
		for _, k := range f.Kernels() {
			i := k.Info()
			fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %s |\n", i.ID(), i.Arch, features(i), tablesText(i.Tables), esc.Replace(i.Doc), esc.Replace(i.Source))
		}
	}
}

// tablesText writes a size of lookup tables in bytes, KiB or MiB, "-" for
// none.
func tablesText(n int) string {
	switch {
	case n == 0:
		return "-"
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
}
