// Package report reads runbench results and says what they hold: [Load]
// reads results files into a [Set] of samples per case, with what each
// file says of itself (provenance.go: its run, revision and date, and
// [PageFiles], the rule by which a folder's standard runs are chosen);
// stats.go the medians, intervals and standings; compare.go and noise.go
// the comparison of two runs (the regression gate, [CompareRuns], which
// runbench compare and plot compare share) and aa.go the A/A test of the
// gates; export.go the cases as CSV and JSON; verdict.go the evidence for
// the verdict per factor of a move generator; hints.go the commands a run
// suggests next; explain.go the estimates files of package explain.
//
// It draws nothing: package [bitlab/report/render] turns a Set into
// charts, pages and notebook blocks, and commands that only read and
// compare results (cmd/runbench) do not link the chart library.
package report
