package selection

import (
	"slices"
	"strconv"
	"strings"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// vouchers maps each test run ("pkg.Class#method") the coverage record answers for to
// the shift of its recorded lines: current line = recorded line + shift.
type vouchers map[string]int

func (v vouchers) has(id string) bool {
	_, ok := v[id]
	return ok
}

// vouchedTests returns the test runs the record answers for, and how many it cannot. It
// answers for a test that passed in the record against base's production sources (one of
// versions), or is disabled (a disabled test runs no code), when the files declaring the
// test and its class still hold what the record ran: either unchanged, or changed only in
// other test methods (see testFileEdits).
func vouchedTests(rec *coverage.Store, versions map[int]bool, base, cur *analysis.Snapshot, tests []*slicing.TestClass) (vouchers, int) {
	outcomes := make(map[string]coverage.TestOutcome, len(rec.Tests))
	for _, t := range rec.Tests {
		outcomes[t.Test] = t
	}
	testMembers := map[string]bool{}
	for _, tc := range tests {
		for _, tm := range tc.Methods {
			testMembers[tm.MemberID] = true
		}
	}
	type key struct {
		path    string
		version int
	}
	edits := map[key]*testFileEdit{}
	editOf := func(path string, version int) *testFileEdit {
		k := key{path, version}
		e, ok := edits[k]
		if !ok {
			e = testFileEdits(rec.FilesOf(version), base, cur, path, testMembers)
			edits[k] = e
		}
		return e
	}
	vouched, stale := vouchers{}, 0
	for _, tc := range tests {
		if tc.Abstract {
			continue
		}
		for _, tm := range tc.Methods {
			if tm.Kind == slicing.KindSuite {
				continue
			}
			id := tc.ID + "#" + methodName(tm.ID)
			out, recorded := outcomes[id]
			ran := recorded && out.Status == "passed" || tm.Disabled || tc.Ignored
			ok := ran && versions[out.Version]
			var classEdit, methodEdit *testFileEdit
			if ok {
				classEdit, methodEdit = editOf(tc.File, out.Version), editOf(tm.File, out.Version)
				ok = classEdit != nil && methodEdit != nil && !methodEdit.changed[tm.MemberID]
			}
			if ok && (classEdit.edited || methodEdit.edited) && tc.Reason != nil {
				ok = false // class-level units (tests calling tests, runners): the whole file counts
			}
			if ok {
				vouched[id] = methodEdit.shift[tm.MemberID]
			} else {
				stale++
			}
		}
	}
	return vouched, stale
}

// testFileEdit is how a test file changed since the record ran it.
type testFileEdit struct {
	edited  bool            // the file differs from the recorded one
	changed map[string]bool // test methods added, deleted or edited
	shift   map[string]int  // line shift of every unchanged member
}

// testFileEdits compares the test file at path as the record ran it (recorded holds the
// sources of the test's version; the baseline's copy when the record ran that one) with
// the current one. It returns nil when the record cannot answer for the file's tests: the
// recorded copy is unknown, or something other than whole test methods changed (imports,
// class heads, fields, fixtures, helpers), or a test method changed whose name another
// member shares (an overload may now resolve otherwise). Otherwise the tests that did not
// change keep their record, shifted to their new lines.
func testFileEdits(recorded map[string]uint64, base, cur *analysis.Snapshot, path string, testMembers map[string]bool) *testFileEdit {
	nf := cur.Files[path]
	h, ok := recorded[path]
	if nf == nil || !ok {
		return nil
	}
	if h == nf.ContentHash {
		return &testFileEdit{}
	}
	of := base.Files[path]
	if of == nil || of.ContentHash != h || of.Package != nf.Package ||
		len(of.Types) != len(nf.Types) || len(of.ParseErrors)+len(nf.ParseErrors) > 0 {
		return nil
	}
	var old *usedNames // the old file's names, read when needed
	names := func() *usedNames {
		if old == nil {
			src, err := base.Read(path)
			if err != nil {
				return nil
			}
			old = namesUsed(src)
		}
		return old
	}
	if !slices.Equal(of.Imports, nf.Imports) && (names() == nil || !importsKeepMeaning(names(), of.Imports, nf.Imports)) {
		return nil
	}
	e := &testFileEdit{edited: true, changed: map[string]bool{}, shift: map[string]int{}}
	for i, ot := range of.Types {
		nt := nf.Types[i]
		if ot.ID != nt.ID || ot.HeadHash != nt.HeadHash || ot.Access != nt.Access {
			return nil
		}
		for _, om := range ot.Members {
			nm := nt.Member(om.ID)
			switch {
			case nm != nil && sameMember(om, nm):
				e.shift[om.ID] = nm.Line - om.Line
			case nm != nil && testMembers[nm.ID] && uniqueName(ot, om) && uniqueName(nt, nm):
				e.changed[om.ID] = true
			case nm == nil && looksLikeTest(om) && uniqueName(ot, om):
				e.changed[om.ID] = true
			default:
				return nil
			}
		}
		for _, nm := range nt.Members {
			if ot.Member(nm.ID) != nil {
				continue
			}
			switch {
			case testMembers[nm.ID] && uniqueName(nt, nm):
				e.changed[nm.ID] = true
			case names() != nil && inertHelper(cur, nt, nm, names()):
				// a data provider or helper for added tests: unchanged code cannot reach it
			default:
				return nil
			}
		}
	}
	return e
}

// usedNames are the names a test file's code uses outside its imports: simple names
// (not after a dot), every identifier, and the contents of string literals (a @MethodSource
// names its provider in one).
type usedNames struct {
	simple, all map[string]bool
}

// namesUsed reads the names src's code uses outside its package and import declarations.
func namesUsed(src []byte) *usedNames {
	u := &usedNames{simple: map[string]bool{}, all: map[string]bool{}}
	inImport := false
	toks := analysis.Lex(src, 0, len(src))
	for i, tok := range toks {
		switch {
		case tok.Kind == analysis.TokKeyword && (tok.Is(src, "import") || tok.Is(src, "package")):
			inImport = true
		case inImport && tok.Is(src, ";"):
			inImport = false
		case inImport:
		case tok.Kind == analysis.TokIdent:
			u.all[tok.Text(src)] = true
			if !(i > 0 && toks[i-1].Is(src, ".")) {
				u.simple[tok.Text(src)] = true
			}
		case tok.Kind == analysis.TokString:
			if s, err := strconv.Unquote(tok.Text(src)); err == nil {
				u.all[s] = true
			}
		}
	}
	return u
}

// importsKeepMeaning reports whether a test file's imports changed only in ways that cannot
// change what its old code's names mean: type imports on demand added or removed (a name
// they would make ambiguous no longer compiles), and single imports whose simple name the
// old code never uses unqualified (a test added with the imports it needs). Static imports
// on demand may add overloads to unqualified calls: they count.
func importsKeepMeaning(old *usedNames, was, now []analysis.Import) bool {
	for _, side := range [2][2][]analysis.Import{{was, now}, {now, was}} {
		for _, imp := range side[0] {
			switch {
			case slices.Contains(side[1], imp):
			case imp.OnDemand && imp.Static:
				return false
			case !imp.OnDemand && old.simple[imp.Name[strings.LastIndexByte(imp.Name, '.')+1:]]:
				return false
			}
		}
	}
	return true
}

// inertHelper reports whether m, a member added to test type t that is no test, leaves the
// old tests as they were: a method without annotations (no fixture, rule, data point or
// override) whose name the old code never uses, not even in a string (a @MethodSource), and
// no ancestor of t declares (an override a base class calls); t's ancestors must all be
// project types, whose methods are known, and JUnit 3's suite() builds the tests. Data
// providers and helpers written for added tests are such members.
func inertHelper(cur *analysis.Snapshot, t *analysis.Type, m *analysis.Member, old *usedNames) bool {
	if m.Kind != analysis.KindMethod || len(m.Annotations) > 0 || m.Name == "suite" || old.all[m.Name] {
		return false
	}
	return projectAncestors(cur, t, "", func(sup *analysis.Type) bool { return !declaresMethod(sup, m.Name) })
}

// sameMember reports whether two versions of a member declare and do the same.
func sameMember(a, b *analysis.Member) bool {
	return a.SigHash == b.SigHash && a.BodyHash == b.BodyHash && a.ThrowsHash == b.ThrowsHash &&
		a.Access == b.Access && slices.Equal(a.Annotations, b.Annotations) && slices.Equal(a.Modifiers, b.Modifiers)
}

// uniqueName reports whether m is the only member of t with its name.
func uniqueName(t *analysis.Type, m *analysis.Member) bool {
	for _, x := range t.Members {
		if x != m && x.Name == m.Name {
			return false
		}
	}
	return true
}

// looksLikeTest reports whether a member that no longer exists was a test method: annotated
// as one by JUnit 4 or Jupiter, or a JUnit 3 public void testX() without parameters.
func looksLikeTest(m *analysis.Member) bool {
	if m.Kind != analysis.KindMethod {
		return false
	}
	for _, a := range []string{"Test", "ParameterizedTest", "RepeatedTest", "TestFactory", "TestTemplate", "Theory"} {
		if m.HasAnnotation(a) {
			return true
		}
	}
	return strings.HasPrefix(m.Name, "test") && len(m.Params) == 0 && m.ReturnType == "void" && m.Access == "public"
}

func allVouched(tc *slicing.TestClass, vouched vouchers) bool {
	for _, tm := range tc.Methods {
		if tm.Kind != slicing.KindSuite && !vouched.has(tc.ID+"#"+methodName(tm.ID)) {
			return false
		}
	}
	return !tc.Abstract
}
