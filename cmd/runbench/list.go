package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"bitlab/kernels"
	"bitlab/movegen"
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

// run prints the listing: with -markdown the README's table, with -perft
// the perft configurations, with -pressure-families those families, else
// writeListing's.
func (o *listOptions) run(e *env) error {
	switch {
	case o.pressureFamilies:
		_, err := fmt.Fprintln(e.stdout, strings.Join(pressureFamilies(), ","))
		return err
	case o.markdown:
		writeMarkdown(e.stdout, kernels.Families())
		return nil
	case o.perft:
		return writeConfigs(e.stdout, selectConfigs(o.config, o.grid))
	}
	return o.writeListing(e.stdout)
}

// writeListing prints the families with their distributions, the
// implementations, and the perft configurations; with -family or -impl,
// only the families and implementations selected.
func (o *listOptions) writeListing(w io.Writer) error {
	var fams []kernels.AnyFamily
	var ks []kernels.Kernel
	for _, f := range kernels.Families() {
		n := len(ks)
		for _, k := range f.Kernels() {
			if i := k.Info(); o.family.MatchString(i.Family) && o.impl.MatchString(i.Impl) {
				ks = append(ks, k)
			}
		}
		if len(ks) > n {
			fams = append(fams, f)
		}
	}
	if err := writeFamilies(w, fams); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if err := writeList(w, ks); err != nil {
		return err
	}
	if o.family != nil || o.impl != nil {
		return nil
	}
	fmt.Fprintln(w)
	return writeConfigs(w, perftConfigs(false))
}

// pressureFamilies returns the families with a kernel that declares
// lookup tables, on this architecture, in the registry's order: those
// whose costs cache pressure can change.
func pressureFamilies() []string {
	var names []string
	for _, f := range kernels.Families() {
		if slices.ContainsFunc(f.Kernels(), func(k kernels.Kernel) bool { return k.Info().Tables > 0 }) {
			names = append(names, f.Name())
		}
	}
	return names
}

// familyNames, implNames and distNames return what -family, -impl and
// -dist may name: every family, every implementation registered on this
// architecture, every distribution of a family's plan.
func familyNames() []string {
	var names []string
	for _, f := range kernels.Families() {
		names = append(names, f.Name())
	}
	return names
}

func implNames() []string {
	var names []string
	for _, k := range kernels.All() {
		if i := k.Info(); !slices.Contains(names, i.Impl) {
			names = append(names, i.Impl)
		}
	}
	return names
}

func distNames() []string {
	var names []string
	for _, f := range kernels.Families() {
		for _, p := range f.Plans() {
			for _, d := range p.Dists {
				if !slices.Contains(names, d) {
					names = append(names, d)
				}
			}
		}
	}
	return names
}

// writeFamilies prints each family's baseline and, per size class, the
// modes and distributions the default suite runs (-quick runs the starred
// ones, at l1 and the headline size).
func writeFamilies(w io.Writer, fams []kernels.AnyFamily) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FAMILY\tBASELINE\tSIZE\tMODES\tDISTRIBUTIONS (-dist; * also in -quick runs)")
	for _, f := range fams {
		first := true
		for _, class := range schema.SizeClasses() {
			p, ok := f.Plans()[class]
			if !ok {
				continue
			}
			name, base, size := "", "", string(class)
			if first {
				name, base, first = f.Name(), f.Baseline(), false
			}
			if class == f.Headline() {
				size += " (headline)"
			}
			modes := "all"
			if p.Modes != nil {
				modes = strings.Trim(fmt.Sprint(p.Modes), "[]")
			}
			var ds []string
			for _, d := range p.Dists {
				if slices.Contains(p.QuickDists, d) && (class == schema.L1 || class == f.Headline()) {
					d += "*"
				}
				ds = append(ds, d)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", name, base, size, modes, strings.Join(ds, " "))
		}
	}
	return tw.Flush()
}

// writeConfigs prints the perft configurations: the short name the
// summary labels them with, the full name of the results, and whether
// they run here.
func writeConfigs(w io.Writer, cs []movegen.Config) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PERFT CONFIGURATION (perft -config)\tFULL NAME\tSUPPORTED")
	for _, c := range cs {
		supported := "yes"
		if err := movegen.Supported(c); err != nil {
			supported = "no: " + err.Error()
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Short(), c, supported)
	}
	return tw.Flush()
}

// writeList prints one line per implementation: identifier, arch, how a
// move generator can use it, CPU features, tables, whether it runs here, and
// its source.
func writeList(w io.Writer, ks []kernels.Kernel) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KERNEL\tARCH\tUSAGE\tFEATURES\tTABLES\tSUPPORTED\tSOURCE")
	for _, k := range ks {
		i := k.Info()
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", i.ID(), i.Arch, i.Usage, features(i), tablesText(i.Tables), status(k), i.Source)
	}
	return tw.Flush()
}

// writeMarkdown prints the README's table of every family and
// implementation. It does not depend on the machine it runs on.
func writeMarkdown(w io.Writer, fams []kernels.AnyFamily) {
	esc := strings.NewReplacer("|", `\|`)
	for _, f := range fams {
		fmt.Fprintf(w, "\n**%s**: %s; baseline `%s`\n\n", f.Name(), esc.Replace(f.Doc()), f.Baseline())
		fmt.Fprintln(w, "| implementation | arch | usage | CPU features | tables | what it does | source |")
		fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
		for _, k := range f.Kernels() {
			i := k.Info()
			fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %s | %s |\n", i.ID(), i.Arch, i.Usage, features(i), tablesText(i.Tables), esc.Replace(i.Doc), esc.Replace(i.Source))
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
