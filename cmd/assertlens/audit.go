package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/selection/coverage"
)

func cmdAudit(args []string, stdout io.Writer) error {
	f := newFlags("audit")
	sample := f.fs.Int("sample", 0, "audit this many members drawn at random (0: all)")
	seed := f.fs.Uint64("seed", 1, "seed of the sample")
	members := f.fs.String("members", "", "audit just these member ids, comma-separated")
	worst := f.fs.Int("worst", 10, "list this many of the least precise members")
	if err := f.parse(args); err != nil {
		return err
	}
	a, err := analyseWith(f.root, selection.Options{Level: "assertion"})
	if err != nil {
		return err
	}
	res, err := a.engine.Audit(context.Background(), selection.AuditOptions{Sample: *sample, Seed: *seed,
		Members: splitList(*members), Worst: *worst})
	if errors.Is(err, coverage.ErrNoRecord) {
		return usagef("%v", err)
	}
	if err != nil {
		return err
	}
	if f.jsonOut {
		if err := printJSON(stdout, res); err != nil {
			return err
		}
	} else {
		printAudit(stdout, res)
	}
	if len(res.Missed) > 0 {
		return exitError{1}
	}
	return nil
}

func printAudit(w io.Writer, res *selection.AuditResult) {
	fmt.Fprintf(w, "audited %d of %d covered production members in %.1f s (selection %.1f s)\n",
		res.Members, res.Covered, float64(res.ElapsedMs)/1000, float64(res.SelectMs)/1000)
	if len(res.Stale) > 0 {
		fmt.Fprintf(w, "warning: %d sources changed since the coverage record (run `assertlens coverage` again): %s\n",
			len(res.Stale), strings.Join(firstN(res.Stale, 5), ", "))
	}
	for _, n := range res.NotAudited {
		fmt.Fprintf(w, "not audited: %s\n", n)
	}
	fmt.Fprintf(w, "missed: %d test statements in %d members\n", res.MissedStatements, res.MembersWithMisses)
	for _, m := range res.Missed {
		why := "needs " + strings.Join(m.Via, " <- ")
		if m.Why != "" {
			why = m.Why
		}
		fmt.Fprintf(w, "  MISSED %s ran %s line %d: %s\n", m.Member, m.Test, m.Line, why)
	}
	row := func(name string, mean, median float64) {
		fmt.Fprintf(w, "  %-17s %6.1f%% %6.1f%%\n", name, 100*mean, 100*median)
	}
	table := func(what string, of int, mean, median selection.Ratios) {
		fmt.Fprintf(w, "selected share of the suite's %d %s:  mean  median\n", of, what)
		row("assertlens", mean.Assertlens, median.Assertlens)
		row("assertion oracle", mean.AssertionOracle, median.AssertionOracle)
		row("own statement", mean.OwnStatementOracle, median.OwnStatementOracle)
		row("local def-use", mean.DefUseOracle, median.DefUseOracle)
		row("method oracle", mean.MethodOracle, median.MethodOracle)
		row("class oracle", mean.ClassOracle, median.ClassOracle)
		row("ekstazi oracle", mean.EkstaziOracle, median.EkstaziOracle)
		row("class, fresh JVMs", mean.FreshClassOracle, median.FreshClassOracle)
	}
	table("assertions", res.Assertions, res.SelectedAssertionRatio, res.MedianSelectedAssertionRatio)
	table("test methods", res.TestMethods, res.SelectedTestRatio, res.MedianSelectedTestRatio)
	fmt.Fprintf(w, "assertion-level vs method-level selection (static): %.1f%% pooled, %.1f%% mean per member\n", 100*res.SliceRatio, 100*res.MeanSliceRatio)
	fmt.Fprintf(w, "  of the method oracle, with the record's reach: assertion oracle %.1f%% pooled, %.1f%% mean; any safe slicer at least %.1f%%, %.1f%% (own statement %.1f%%, %.1f%%)\n",
		100*res.AssertionOracleRatio, 100*res.MeanAssertionOracleRatio, 100*res.DefUseRatio, 100*res.MeanDefUseRatio,
		100*res.OwnStatementRatio, 100*res.MeanOwnStatementRatio)
	sums := res.OracleAssertions
	fmt.Fprintf(w, "  summed over members: method oracle %d assertions, assertion oracle %d, def-use bound %d\n",
		sums.MethodOracle, sums.AssertionOracle, sums.DefUseOracle)
	if len(res.GapReasons) > 0 {
		fmt.Fprintf(w, "  above that bound, by why the statement that ran the member is in the slice (assertions summed over members):\n")
		for _, r := range res.GapReasons[:min(10, len(res.GapReasons))] {
			fmt.Fprintf(w, "  %9d  %s\n", r.Assertions, r.Why)
		}
	}
	if len(res.GapMembers) > 0 {
		fmt.Fprintf(w, "  members with the most assertions above that bound (method oracle, assertion oracle, bound):\n")
		for _, g := range res.GapMembers[:min(5, len(res.GapMembers))] {
			fmt.Fprintf(w, "  %9d  %s (%d, %d, %d)\n", g.AssertionOracle-g.DefUseOracle, g.Member, g.MethodOracle, g.AssertionOracle, g.DefUseOracle)
		}
	}
	if len(res.GapStatements) > 0 {
		fmt.Fprintf(w, "  test statements putting the most assertions above that bound:\n")
		for _, g := range res.GapStatements[:min(5, len(res.GapStatements))] {
			fmt.Fprintf(w, "  %9d  %s:%d (%s)\n", g.Assertions, g.Test, g.Line, g.Why)
		}
	}
	if b := res.SliceBreakdown; b.Sliced+b.Single > 0 || len(b.Whole) > 0 {
		fmt.Fprintf(w, "  method-level side by test kind: sliced %d (%d selected), one assertion %d", b.Sliced, b.SlicedSelected, b.Single)
		for _, r := range slices.SortedFunc(maps.Keys(b.Whole), func(x, y string) int {
			if b.Whole[x] != b.Whole[y] {
				return b.Whole[y] - b.Whole[x]
			}
			return strings.Compare(x, y)
		}) {
			fmt.Fprintf(w, ", %s %d", r, b.Whole[r])
		}
		fmt.Fprintln(w)
	}
	share := 0.0
	if res.Members > 0 {
		share = 100 * float64(res.OverHalf) / float64(res.Members)
	}
	fmt.Fprintf(w, "members selecting over half of the assertions: %d (%.1f%%), %d of them run by test classes holding over half (%d with a JVM per test class)\n",
		res.OverHalf, share, res.OverHalfCovered, res.OverHalfCoveredFresh)
	if len(res.Worst) > 0 {
		fmt.Fprintln(w, "least precise (assertlens vs assertion oracle):")
		for _, m := range res.Worst {
			fmt.Fprintf(w, "  %5.1f%% vs %5.1f%%  %s\n", 100*m.SelectedAssertionRatio.Assertlens, 100*m.SelectedAssertionRatio.AssertionOracle, m.Member)
		}
	}
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return append(s[:n:n], fmt.Sprintf("and %d more", len(s)-n))
	}
	return s
}
