package slicing

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// ReasonImplicit marks the assertion-level unit that holds the statements reaching code
// outside every assertion slice: it passes when they complete without an exception.
const ReasonImplicit = "completes-without-exception"

// ReasonAfter marks the unit for code that ran after the test body (TestMethod.After).
const ReasonAfter = "after-test"

// ReasonInherited marks an abstract test class: its tests run (and are selected) in the
// concrete classes that inherit them.
const ReasonInherited = "inherited"

// cut fills tm.Units and tm.Reason from the method analysis: assertion slices plus the
// implicit unit, or one method unit saying why not.
func (p *project) cut(tm *TestMethod, m *analysis.Member, ma *methodAnalysis) {
	reason := ma.reason
	if reason == "" && ma.assertions == 0 {
		reason = "no-assertions"
	}
	base := Unit{Test: tm.ID, Class: tm.Class, File: tm.File}
	tm.Assertions = ma.assertions
	if reason != "" {
		u := base
		u.ID, u.Level, u.Line, u.EndLine = tm.ID, LevelMethod, m.Line, m.EndLine
		u.Statements = ranges(ma.stmts, allIndices(len(ma.stmts)))
		u.Stmts = allIndices(len(ma.stmts))
		u.Assertions = ma.assertions
		u.Reason = StrPtr(reason)
		tm.Units, tm.Reason = []Unit{u}, StrPtr(reason)
		return
	}
	deps, why, shared := dependences(ma)
	declared := declarations(ma.stmts)
	covered := map[int]bool{}
	for i, st := range ma.stmts {
		if !st.Assertion {
			continue
		}
		sl, explain := explainSlice(ma.stmts, deps, why, i)
		for _, j := range sl {
			covered[j] = true
		}
		u := base
		u.ID = tm.ID + ":" + strconv.Itoa(st.Line)
		u.Level, u.Line, u.EndLine, u.Assertions = LevelAssertion, st.Line, st.EndLine, max(st.Assertions, 1)
		u.Stmts, u.Statements = sl, ranges(ma.stmts, sl)
		u.Declares = declarationsOf(ma.stmts, declared, sl)
		u.Explain = explain
		tm.Units = append(tm.Units, u)
	}
	// The implicit unit holds what no assertion needs but may run code (see runsCode).
	var rest []int
	for i, st := range ma.stmts {
		if !covered[i] && st.runsCode {
			rest = append(rest, i)
		}
	}
	tm.After = afterUnit(base, tm, ma, deps, shared)
	if len(rest) > 0 {
		sl := closure(deps, rest)
		u := base
		u.ID = tm.ID + ":rest"
		u.Level, u.Line, u.EndLine = LevelAssertion, ma.stmts[rest[0]].Line, ma.stmts[rest[len(rest)-1]].EndLine
		u.Stmts, u.Statements = sl, ranges(ma.stmts, sl)
		u.Declares = declarationsOf(ma.stmts, declared, sl)
		u.Reason = StrPtr(ReasonImplicit)
		tm.Units = append(tm.Units, u)
	}
}

// afterUnit is the unit for code that runs after the body: the statements that may change
// what it can read (shared writes: shared state, the test object's fields, objects that
// may be shared with them), with what they depend on.
func afterUnit(base Unit, tm *TestMethod, ma *methodAnalysis, deps [][]int, shared []int) *Unit {
	seeds := shared
	u := base
	u.ID = tm.ID + ":after"
	u.Level, u.Line, u.EndLine = LevelAssertion, ma.end, ma.end
	u.Stmts = closure(deps, seeds)
	u.Statements = ranges(ma.stmts, u.Stmts)
	u.Declares = declarationsOf(ma.stmts, declarations(ma.stmts), u.Stmts)
	u.Reason = StrPtr(ReasonAfter)
	return &u
}

func allIndices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func ranges(stmts []Statement, idx []int) [][2]int {
	out := make([][2]int, 0, len(idx))
	for _, i := range idx {
		out = append(out, [2]int{stmts[i].Line, stmts[i].EndLine})
	}
	return out
}

// anyLocal stands, in Statement.Binds, for every local variable: a statement slicing does
// not read may bind any of them.
const anyLocal = "*"

// LocalDefUse returns the indices of the simple statements of stmts that read, through
// local variables only, what the simple statements at the indices from computed, directly
// or through other such statements: a statement reads variable x from the last statement
// before it binding x (a statement binding x is not counted as reading it). No object
// sharing or change is followed, and compound statements
// (loops, branches, blocks) neither carry values on nor are reached, so what it returns
// is reached by every safe slicer: a lower bound.
func LocalDefUse(stmts []Statement, from []int) []int {
	reached := make([]bool, len(stmts))
	simple := func(i int) bool { return !stmts[i].Compound && stmts[i].Assertions == 0 }
	for _, i := range from {
		if i >= 0 && i < len(stmts) && simple(i) {
			reached[i] = true
		}
	}
	last := map[string]int{} // variable -> index of the last statement binding it so far
	for j, st := range stmts {
		if !reached[j] && simple(j) {
			for _, k := range st.Uses {
				if slices.Contains(st.Binds, k) {
					continue // x = …: the target is listed as read; x = x + 1 is left out too
				}
				if i, ok := last[k]; ok && reached[i] {
					reached[j] = true
					break
				}
			}
		}
		for _, k := range st.Binds {
			if k == anyLocal {
				clear(last)
			}
			last[k] = j
		}
	}
	var out []int
	for i, r := range reached {
		if r {
			out = append(out, i)
		}
	}
	return out
}

// unionFind groups keys that may refer to shared objects.
type unionFind map[string]string

func (u unionFind) find(k string) string {
	for {
		p, ok := u[k]
		if !ok || p == k {
			return k
		}
		if gp, ok := u[p]; ok {
			u[k] = gp // halve the path; a root has no entry of its own
		}
		k = p
	}
}

func (u unionFind) union(a, b string) {
	if a == outKey || b == outKey {
		return // what was printed is no object: nothing may alias it
	}
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u[ra] = rb
	}
}

// dependences returns, for each statement, the earlier statements it depends on: those
// that may change a key it reads, keys compared through their may-alias classes, and for
// a Mockito verification every earlier statement that calls something. Fields of the test
// object are one class with the heap. The second result says why, per edge [reader,
// writer]; the third lists the statements that code reading shared state after the body
// depends on.
func dependences(ma *methodAnalysis) ([][]int, map[[2]int]string, []int) {
	uf := unionFind{}
	for _, st := range ma.stmts {
		for _, k := range append(append([]string{}, st.Defs...), st.Uses...) {
			if strings.HasPrefix(k, "this.") {
				uf.union(k, heapKey)
			}
		}
	}
	for _, g := range ma.aliases {
		for _, k := range g[1:] {
			uf.union(g[0], k)
		}
	}
	deps := make([][]int, len(ma.stmts))
	why := map[[2]int]string{}
	uses := make([]map[string]bool, len(ma.stmts))  // alias classes each statement reads
	exact := make([]map[string]bool, len(ma.stmts)) // and the keys themselves
	for j, sj := range ma.stmts {
		uses[j], exact[j] = map[string]bool{}, map[string]bool{}
		for _, k := range sj.Uses {
			uses[j][uf.find(k)] = true
			exact[j][k] = true
		}
	}
	// rebound[j][k] is the last statement before j that surely rebinds local k (see
	// rebinds): a binding of k before it cannot reach j.
	rebound := rebindings(ma.stmts)
	dep := func(j, i int) {
		var live func(k string) bool
		if i < j {
			live = func(k string) bool { b, ok := rebound[j][k]; return !ok || b <= i }
		}
		r := dependsOn(ma.stmts[i], exact[j], uses[j], uf, live)
		if r == "" && ma.stmts[j].verifies && len(ma.stmts[i].Calls) > 0 {
			// A mock records every call made on it, even one that changes nothing
			// else, and a verification reads those records.
			r = "may call a mock"
		}
		if r != "" && !slices.Contains(deps[j], i) {
			deps[j] = append(deps[j], i)
			why[[2]int{j, i}] = r
		}
	}
	for j := range ma.stmts {
		for i := 0; i < j; i++ {
			dep(j, i)
		}
	}
	// In a flattened loop a statement also reads what the later ones wrote in the
	// iteration before (the header each time it tests the condition), and the closing
	// brace goes with the header.
	for open, st := range ma.stmts {
		if !st.loop || st.Closes == 0 {
			continue
		}
		for j := open; j < st.Closes; j++ {
			for i := j + 1; i < st.Closes; i++ {
				dep(j, i)
			}
		}
		deps[open] = append(deps[open], st.Closes)
		why[[2]int{open, st.Closes}] = "closes the loop of line " + strconv.Itoa(st.Line)
	}
	// A flattened if holds the statements between and after its branches, whichever of
	// its branches' statements a slice needs.
	for open, st := range ma.stmts {
		if st.elseAt > 0 {
			deps[open] = append(deps[open], st.elseAt)
			why[[2]int{open, st.elseAt}] = "separates the branches of the if of line " + strconv.Itoa(st.Line)
			if next := st.elseAt + 1; next < len(ma.stmts) && ma.stmts[next].branch && ma.stmts[next].Start == ma.stmts[st.elseAt].End {
				deps[open] = append(deps[open], next) // "} else " needs the if after it
				why[[2]int{open, next}] = "is the else of the if of line " + strconv.Itoa(st.Line)
			}
		}
		if st.branch {
			deps[open] = append(deps[open], st.Closes)
			why[[2]int{open, st.Closes}] = "closes the if of line " + strconv.Itoa(st.Line)
		}
	}
	var shared []int
	// What runs after the body may be code that captured the standard streams, too.
	heap := map[string]bool{uf.find(heapKey): true, uf.find(outKey): true}
	for i, st := range ma.stmts {
		if dependsOn(st, map[string]bool{heapKey: true, outKey: true}, heap, uf, nil) != "" {
			shared = append(shared, i)
		}
	}
	// A statement of a flattened block (its closing statement included) runs after the
	// block's opening statement, which declares its resources.
	for open, st := range ma.stmts {
		if st.Closes == 0 {
			continue
		}
		what := "opens the block of line " + strconv.Itoa(ma.stmts[open].Line)
		for j := open + 1; j <= st.Closes; j++ {
			if !slices.Contains(deps[j], open) {
				deps[j] = append(deps[j], open)
				why[[2]int{j, open}] = what
			}
		}
	}
	return deps, why, shared
}

// rebindings returns, for each statement, the local variables some earlier statement
// surely rebinds, each with the last such statement: one that declares the variable
// anywhere, or one outside every flattened loop, branch, try or block (whose statements
// may be skipped, or run again, and whose closing statement may run after a throw),
// neither compound nor opening one, that assigns a variable a slice can declare bare (see
// declarations). A value bound before that statement cannot reach the later one.
func rebindings(stmts []Statement) []map[string]int {
	declared := declarations(stmts)
	inside := make([]bool, len(stmts))
	for open, st := range stmts {
		if st.Closes > 0 {
			for m := open; m <= st.Closes && m < len(stmts); m++ {
				inside[m] = true
			}
		}
		if st.loop || st.branch || st.elseAt > 0 {
			inside[open] = true
		}
	}
	out := make([]map[string]int, len(stmts))
	last := map[string]int{} // shared by the statements up to the next rebinding
	for j, st := range stmts {
		out[j] = last
		var cut []string
		if !inside[j] && !st.Compound && !slices.Contains(st.Binds, anyLocal) {
			for _, k := range st.Binds {
				if _, ok := declared[k]; ok {
					cut = append(cut, k)
				}
			}
		}
		// A declaration, anywhere, starts a new variable: Java lets no local hide another,
		// so an earlier variable of that name is out of scope wherever this one is read.
		cut = append(cut, st.declared...)
		if len(cut) > 0 {
			last = maps.Clone(last)
			for _, k := range cut {
				last[k] = j
			}
		}
	}
	return out
}

// declarations returns, for each local variable declared once by a declaration a slice
// can render without its initializer (Statement.DeclarationOnly), that declaration's
// index. Only those variables' bindings are cut off by later ones (see rebindings): a
// slice leaving the declaration's value out must still declare the variable.
func declarations(stmts []Statement) map[string]int {
	out := map[string]int{}
	twice := map[string]bool{}
	for i, st := range stmts {
		for _, k := range st.Binds {
			_, seen := out[k]
			switch {
			case twice[k]:
			case !seen && st.Declares == k && st.DeclarationOnly != "":
				out[k] = i
			case !seen || st.Declares == k:
				// Bound before any such declaration (a parameter, a variable declared in a
				// form a slice cannot write bare), or declared again in another block.
				twice[k] = true
			}
		}
	}
	for k := range twice {
		delete(out, k)
	}
	return out
}

// declarationsOf returns the declarations (declared, see declarations) of the variables the
// statements sl read or bind whose declaring statements sl leaves out: a rendered slice
// writes them without their initializers.
func declarationsOf(stmts []Statement, declared map[string]int, sl []int) []int {
	in := map[int]bool{}
	for _, i := range sl {
		in[i] = true
	}
	need := map[int]bool{}
	for _, i := range sl {
		for _, k := range append(slices.Clone(stmts[i].Uses), stmts[i].Binds...) {
			if d, ok := declared[k]; ok && !in[d] {
				need[d] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(need))
}

// dependsOn says why a reader with the given uses (exact keys, and their alias classes)
// may observe what st does, or "" when it cannot: st rebinds a variable it reads (one whose
// binding there is live at the reader, when live is given: see rebindings), or changes an
// object that may be shared with one it reads.
func dependsOn(st Statement, exact, classes map[string]bool, uf unionFind, live func(k string) bool) string {
	mut := map[string]bool{}
	for _, k := range st.mutates {
		mut[k] = true
	}
	for _, k := range st.Defs {
		if !mut[k] && exact[k] && (live == nil || live(k)) {
			return "def-use " + k
		}
	}
	for _, k := range st.mutates {
		if !classes[uf.find(k)] {
			continue
		}
		switch {
		case st.why[k] != "":
			return st.why[k]
		case k == heapKey:
			return "writes shared state"
		case exact[k]:
			return "mutates " + k
		}
		return "may-alias " + k
	}
	return ""
}

// explainSlice walks the slice of the statement at seed backwards (breadth first) and
// returns its statements in order, each with the reason of the first dependence that
// reached it. Statement indexes are dense, so the walk keeps slices, not maps: it runs once
// per assertion of every test.
func explainSlice(stmts []Statement, deps [][]int, why map[[2]int]string, seed int) ([]int, []Explanation) {
	seen := make([]bool, len(deps))
	reason := make([]string, len(deps))
	seen[seed], reason[seed] = true, "assertion"
	queue := []int{seed}
	for head := 0; head < len(queue); head++ {
		j := queue[head]
		for _, i := range deps[j] {
			if !seen[i] {
				seen[i], reason[i] = true, why[[2]int{j, i}]
				queue = append(queue, i)
			}
		}
	}
	idx := make([]int, 0, len(queue))
	out := make([]Explanation, 0, len(queue))
	for i, in := range seen { // statement order (several statements may share a line)
		if in {
			idx = append(idx, i)
			out = append(out, Explanation{Line: stmts[i].Line, Why: reason[i]})
		}
	}
	return idx, out
}

// closure is the backward closure of seeds over deps, sorted.
func closure(deps [][]int, seeds []int) []int {
	in := make([]bool, len(deps))
	stack := append([]int{}, seeds...)
	n := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if in[i] {
			continue
		}
		in[i] = true
		n++
		stack = append(stack, deps[i]...)
	}
	out := make([]int, 0, n)
	for i, ok := range in {
		if ok {
			out = append(out, i)
		}
	}
	return out
}
