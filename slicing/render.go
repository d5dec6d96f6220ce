package slicing

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
	sitter "github.com/smacker/go-tree-sitter"
)

// SliceSuffix is appended to the name of a test class to name its generated copy.
const SliceSuffix = "__Slices"

// Render writes a runnable copy of the top-level class holding tc, named
// <Class>__Slices, in the same package and folder. The copy keeps the package, imports,
// class annotations, fields, fixtures, rules, helpers, nested classes and constructors
// (renamed); it drops the original test methods and, for each of tc's units in units, adds
// one test method: <method>__L<line> for an assertion slice, <method>__Lrest for the
// implicit unit, <method>__Lafter for the unit of code run after the body, the original method for a method unit, and every original test of tc for
// a class unit. A generated method copies the original's annotations, modifiers,
// parameters and throws clause, then the unit's statements in their original order.
//
// src must be the bytes of tc.File. It returns the relative path of the copy, its code,
// the generated method names mapped to unit ids, and generated lines mapped to original
// lines (1-based).
func Render(tc *TestClass, src []byte, units []Unit) (rel string, code []byte, methods map[string]string, lineMap map[int]int, err error) {
	if tc == nil {
		return "", nil, nil, nil, errors.New("render: nil test class")
	}
	return RenderFile([]*TestClass{tc}, src, units)
}

// RenderFile is Render for several test classes declared in the same file (an outer class
// and its @Nested or static nested test classes): one generated copy holds the units of
// all of them. The first class names the file; methods maps generated method names to unit
// ids (names are unique within one class; nested classes keep their own names).
func RenderFile(classes []*TestClass, src []byte, units []Unit) (rel string, code []byte, methods map[string]string, lineMap map[int]int, err error) {
	if len(classes) == 0 || classes[0] == nil {
		return "", nil, nil, nil, errors.New("render: no test class")
	}
	tc := classes[0]
	tree := analysis.ParseTree(src, nil)
	if tree == nil {
		return "", nil, nil, nil, errors.New("render: parse failed")
	}
	defer tree.Close()
	root := tree.RootNode()
	f := analysis.ExtractFile(tc.File, src, tree, true)
	var top *analysis.Type
	for _, t := range f.Types {
		if t.Outer == "" && (t.ID == tc.ID || strings.HasPrefix(tc.ID, t.ID+".")) {
			top = t
			break
		}
	}
	if top == nil {
		return "", nil, nil, nil, fmt.Errorf("render: %s is not declared in %s", tc.ID, tc.File)
	}
	newName := top.Name + SliceSuffix
	rel = path.Join(path.Dir(tc.File), newName+".java")
	methods = map[string]string{}

	mine := map[string][]Unit{} // member id -> its units
	classLevel := map[string]bool{}
	byTest := map[string]*TestMethod{}
	tests := map[string]*TestMethod{}
	for _, c := range classes {
		if c == nil || c.File != tc.File {
			continue
		}
		for _, m := range c.Methods {
			byTest[m.ID] = m
			if m.Declaring == c.ID {
				tests[m.MemberID] = m
			}
		}
	}
	for _, u := range units {
		if u.Level == LevelClass {
			classLevel[u.Test] = true
			continue
		}
		if tm := byTest[u.Test]; tm != nil && tm.Declaring == tm.Class {
			mine[tm.MemberID] = append(mine[tm.MemberID], u)
		}
	}

	var edits []edit
	// Rename the class and its constructors.
	headEnd, declStart, declEnd, nameStart, nameEnd, ok := topDecl(root, src, top)
	if !ok {
		return "", nil, nil, nil, fmt.Errorf("render: cannot find the declaration of %s", top.ID)
	}
	edits = append(edits, edit{start: nameStart, end: nameEnd, text: newName})
	for _, m := range top.Members {
		if m.Kind != analysis.KindConstructor {
			continue
		}
		node := findNode(root, m.Start, m.End, "constructor_declaration")
		if node == nil {
			continue
		}
		if nm := node.ChildByFieldName("name"); nm != nil {
			edits = append(edits, edit{start: int(nm.StartByte()), end: int(nm.EndByte()), text: newName})
		}
	}
	// Replace test methods.
	for _, t := range f.Types {
		for _, m := range t.Members {
			if m.Kind != analysis.KindMethod {
				continue
			}
			tm := tests[m.ID]
			isTest := tm != nil || hasTestAnnotation(m)
			if !isTest {
				continue
			}
			if classLevel[t.ID] {
				if tm != nil {
					methods[m.Name] = t.ID
				}
				continue
			}
			e := edit{start: m.Start, end: m.End}
			if tm != nil {
				for i, u := range mine[m.ID] {
					name := m.Name
					switch {
					case u.Level == LevelMethod:
						e.parts = append(e.parts, part{whole: true})
					case u.Reason != nil && *u.Reason == ReasonImplicit:
						name += "__Lrest"
						e.parts = append(e.parts, part{name: name, stmts: u.Stmts, decls: u.Declares})
					case u.Reason != nil && *u.Reason == ReasonAfter:
						name += "__Lafter"
						e.parts = append(e.parts, part{name: name, stmts: u.Stmts, decls: u.Declares})
					default:
						name += "__L" + itoa(u.Line)
						e.parts = append(e.parts, part{name: name, stmts: u.Stmts, decls: u.Declares})
					}
					e.parts[i].tm = tm
					methods[name] = u.ID
				}
			}
			e.member = m
			edits = append(edits, e)
		}
	}
	for _, c := range classes {
		if c != nil && classLevel[c.ID] {
			for _, m := range c.Methods {
				methods[methodName(m.ID)] = c.ID // inherited tests run as they are
			}
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	// Package, imports and the one top-level type: other top-level types of the file stay
	// in the original (copying them would declare them twice).
	w := newWriter(src)
	w.copy(0, headEnd)
	if headEnd < declStart {
		w.emit("\n", w.origLine(declStart))
	}
	pos := declStart
	for _, e := range edits {
		if e.start < pos || e.end > declEnd {
			continue
		}
		w.copy(pos, e.start)
		switch {
		case e.member == nil:
			w.emit(e.text, w.origLine(e.start))
		default:
			w.methods(root, e)
		}
		pos = e.end
	}
	w.copy(pos, declEnd)
	w.emit("\n", w.origLine(declEnd))
	return rel, w.buf.Bytes(), methods, w.lineMap, nil
}

// edit replaces src[start:end]: with text, or (for a test method) with generated methods.
type edit struct {
	start, end int
	text       string
	member     *analysis.Member
	parts      []part
}

// part is one generated method: the original (whole) or a unit's statements.
type part struct {
	name  string
	stmts []int
	decls []int // statements written as declarations without initializers
	whole bool
	tm    *TestMethod
}

func hasTestAnnotation(m *analysis.Member) bool {
	for _, a := range m.Annotations {
		if analysis.TestAnnotations[a] {
			return true
		}
	}
	return false
}

// topDecl finds the declaration node of a top-level type: its range and its name's range,
// and where the first top-level type of the file starts (what precedes it is the package
// and the imports).
func topDecl(root *sitter.Node, src []byte, t *analysis.Type) (first, start, end, nameStart, nameEnd int, ok bool) {
	first = -1
	c := int(root.NamedChildCount())
	for i := 0; i < c; i++ {
		n := root.NamedChild(i)
		switch n.Type() {
		case "class_declaration", "interface_declaration", "enum_declaration", "record_declaration", "annotation_type_declaration":
		default:
			continue
		}
		if first < 0 {
			first = int(n.StartByte())
		}
		nm := n.ChildByFieldName("name")
		if !ok && nm != nil && string(src[nm.StartByte():nm.EndByte()]) == t.Name {
			start, end = int(n.StartByte()), int(n.EndByte())
			nameStart, nameEnd, ok = int(nm.StartByte()), int(nm.EndByte()), true
		}
	}
	if first < 0 || first > start {
		first = start
	}
	return first, start, end, nameStart, nameEnd, ok
}

// writer builds the generated file and its line map.
type writer struct {
	src     []byte
	lines   *analysis.LineIndex
	buf     bytes.Buffer
	line    int  // current output line, 1-based
	atStart bool // nothing written yet on the current output line
	lineMap map[int]int
}

func newWriter(src []byte) *writer {
	return &writer{src: src, line: 1, atStart: true, lineMap: map[int]int{}, lines: analysis.NewLineIndex(src)}
}

// origLine is the 1-based line of byte offset off in src.
func (w *writer) origLine(off int) int {
	return w.lines.Line(off)
}

// copy writes src[a:b], mapping every output line it starts to its original line.
func (w *writer) copy(a, b int) {
	for i := a; i < b; i++ {
		w.put(w.src[i], w.origLine(i))
	}
}

// emit writes generated text attributed to the original line orig.
func (w *writer) emit(s string, orig int) {
	for i := 0; i < len(s); i++ {
		w.put(s[i], orig)
	}
}

func (w *writer) put(c byte, orig int) {
	if w.atStart {
		if _, ok := w.lineMap[w.line]; !ok {
			w.lineMap[w.line] = orig
		}
		w.atStart = false
	}
	w.buf.WriteByte(c)
	if c == '\n' {
		w.line++
		w.atStart = true
	}
}

// indentOf returns the whitespace before offset off on its line.
func (w *writer) indentOf(off int) string {
	ls := w.lines.Offset(w.origLine(off))
	ind := w.src[ls:off]
	if len(bytes.TrimLeft(ind, " \t")) != 0 {
		return "    "
	}
	return string(ind)
}

// methods writes the generated methods replacing one original test method.
func (w *writer) methods(root *sitter.Node, e edit) {
	m := e.member
	node := findNode(root, m.Start, m.End, "method_declaration")
	var nameStart, nameEnd int
	if node != nil {
		if nm := node.ChildByFieldName("name"); nm != nil {
			nameStart, nameEnd = int(nm.StartByte()), int(nm.EndByte())
		}
	}
	indent := w.indentOf(m.Start)
	for i, p := range e.parts {
		if i > 0 {
			w.emit("\n\n"+indent, m.Line)
		}
		if p.whole || nameEnd == 0 || m.BodyStart <= nameEnd {
			w.copy(m.Start, m.End)
			continue
		}
		w.copyAnnotations(m.Start, nameStart, m.Name)
		w.emit(p.name, m.Line)
		w.copy(nameEnd, m.BodyStart)
		w.emit("{\n", w.origLine(m.BodyStart))
		var unclosed []int // closing statements of the blocks opened without them
		closeTo := func(si int) {
			for len(unclosed) > 0 && unclosed[len(unclosed)-1] < si {
				end := p.tm.Statements[unclosed[len(unclosed)-1]]
				w.emit(w.indentOf(end.Start)+"}\n", end.Line)
				unclosed = unclosed[:len(unclosed)-1]
			}
		}
		for _, si := range slices.Sorted(slices.Values(append(slices.Clone(p.stmts), p.decls...))) {
			if p.tm == nil || si < 0 || si >= len(p.tm.Statements) {
				continue
			}
			closeTo(si)
			st := p.tm.Statements[si]
			if slices.Contains(p.decls, si) && !slices.Contains(p.stmts, si) {
				w.emit(w.indentOf(st.Start)+st.DeclarationOnly+"\n", st.Line)
				continue
			}
			if st.Closes > 0 && st.Closes < len(p.tm.Statements) && !slices.Contains(p.stmts, st.Closes) {
				// The slice does not need the implicit close: a block declaring the
				// resources as locals.
				ind := w.indentOf(st.Start)
				w.emit(ind+"{\n", st.Line)
				for _, r := range st.Resources {
					w.emit(ind+"    ", w.origLine(r[0]))
					w.copy(r[0], r[1])
					w.emit(";\n", w.origLine(r[1]))
				}
				unclosed = append(unclosed, st.Closes)
				continue
			}
			w.emit(w.indentOf(st.Start), st.Line)
			w.copy(st.Start, st.End)
			w.emit("\n", st.EndLine)
		}
		closeTo(len(p.tm.Statements))
		w.emit(indent+"}", m.EndLine)
	}
}

// copyAnnotations copies src[a:b], the annotations and modifiers of the test method name,
// for a generated method of another name: an argument source that names no factory
// (@MethodSource, @FieldSource) means the one named like the test method, so it gains that
// name ("@MethodSource" -> "@MethodSource(\"name\")").
func (w *writer) copyAnnotations(a, b int, name string) {
	toks := analysis.Lex(w.src, a, b)
	pos := a
	for i, t := range toks {
		if !t.Is(w.src, "MethodSource") && !t.Is(w.src, "FieldSource") || !annotationName(w.src, toks, i) {
			continue
		}
		switch {
		case i+1 == len(toks) || !toks[i+1].Is(w.src, "("):
			w.copy(pos, t.End)
			pos = t.End
		case i+2 < len(toks) && toks[i+2].Is(w.src, ")"):
			w.copy(pos, t.End)
			pos = toks[i+2].End
		default:
			continue // names its factories
		}
		w.emit("(\""+name+"\")", w.origLine(t.Start))
	}
	w.copy(pos, b)
}

// annotationName reports whether toks[i] is the (last) name of an annotation: "@Name" or
// "@pkg.Name".
func annotationName(src []byte, toks []analysis.Token, i int) bool {
	for i > 1 && toks[i-1].Is(src, ".") && toks[i-2].Kind == analysis.TokIdent {
		i -= 2
	}
	return i > 0 && toks[i-1].Is(src, "@")
}

// methodName returns the method part of a test id ("pkg.FooTest#bar" → "bar").
func methodName(testID string) string { return testID[strings.IndexByte(testID, '#')+1:] }
