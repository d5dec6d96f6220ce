package slicing

import (
	"bytes"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
	sitter "github.com/smacker/go-tree-sitter"
)

// Statement is one top-level statement of a test method body, with what it defines and uses.
type Statement struct {
	Line    int `json:"line"`
	EndLine int `json:"endLine"`
	Start   int `json:"-"` // byte range in the test file
	End     int `json:"-"`
	// Calls are the call sites of the statement, read by analysis.ScanRefs with the
	// method's parameters and earlier locals as context.
	Calls []analysis.Call `json:"-"`
	Names []string        `json:"-"`
	// Selects are the qualified field accesses ("C.LIMIT", "obj.count = 1").
	Selects []analysis.Select `json:"-"`
	// FreeFns: the statement writes a lambda or method reference outside call arguments
	// (analysis.Refs.FreeFns).
	FreeFns bool `json:"-"`
	// Lambdas are its lambda arguments with untyped parameters (analysis.Refs.Lambdas).
	Lambdas []analysis.LambdaArg `json:"-"`
	// Locals, for a statement of a flattened block (a bare block, a loop's or a try's
	// body), are the locals in scope there, the block's own among them; nil at the top
	// level, where the method's top-level locals (TestMethod.Locals) are.
	Locals []analysis.LocalVar `json:"-"`
	// Defs are the keys the statement may change and Uses the keys it reads. Keys are local
	// names, "this.f" for fields of the test object (shared state), and "$heap" for
	// anything reachable from static state or unknown code.
	Defs      []string `json:"defs"`
	Uses      []string `json:"uses"`
	Assertion bool     `json:"assertion,omitempty"`
	// Binds are the local variables the statement declares or assigns (a compound
	// statement's may be bound on some paths only).
	Binds []string `json:"-"`
	// Declares is the variable a declaration of one variable with a written type declares,
	// and DeclarationOnly the declaration without its initializer ("List<String> names;"):
	// what a slice renders when it needs the variable but not the value it starts with.
	Declares        string `json:"-"`
	DeclarationOnly string `json:"-"`
	// Closes is set on the opening statement of a flattened try-with-resources or block:
	// the index of its closing statement. Resources are the byte ranges of the resource
	// declarations it opens with (not of resources that name an existing variable).
	Closes    int      `json:"-"`
	Resources [][2]int `json:"-"`
	// loop marks the opening and closing statements of a flattened loop.
	loop bool
	// branch marks the opening statement of a flattened if; elseAt is, for one with an
	// else, the index of the statement between its branches ("} else {").
	branch bool
	elseAt int
	// Compound marks a loop, an if, a try or a block sliced as one statement (or one not
	// read at all, whose Binds are anyLocal).
	Compound bool `json:"-"`
	// Assertions counts the assertions a compound statement (a loop, an if, a try) holds;
	// 0 for a simple statement, which holds one when Assertion is set.
	Assertions int `json:"assertions,omitempty"`
	// why says what writes a key, for explanations ("$heap" -> "writes static Foo.bar").
	why map[string]string
	// mutates are the Defs that may change an object (calls, field writes) rather than
	// rebind a local variable; they reach readers through may-alias classes.
	mutates []string
	// runsCode: the statement may run code, so a change there may make it throw: it calls
	// something, names a field (whose class initialization it may trigger), or hands an
	// object to code that calls it back (a string concatenation runs toString).
	runsCode bool
	// verifies: a Mockito verification, which reads what every earlier call on a mock
	// recorded, calls that change nothing else included.
	verifies bool
	// declared are the local variables a declaration statement declares (its own, not
	// those of lambdas or classes inside it): new variables, so no earlier binding of
	// their names reaches a later statement (see rebindings).
	declared []string
}

// heapKey stands for every object reachable from static state, the test object's fields
// and code whose effects could not be proved.
const heapKey = "$heap"

// outKey stands for what was printed on the JDK's standard streams: printing defines it,
// and only code whose effects could not be proved (which may have captured the streams)
// uses it.
const outKey = "$out"

// methodAnalysis is what slicing learns from one test method declaration.
type methodAnalysis struct {
	stmts      []Statement
	aliases    [][]string // groups of keys that may share objects
	reason     string     // fallback reason, "" when the method can be sliced
	assertions int        // assertion statements at any depth
	locals     []analysis.LocalVar
	line, end  int
	bodyLine   int
}

// fallbackKinds maps statement node kinds that stop slicing to the reason reported.
var fallbackKinds = map[string]string{
	"if_statement": "conditional", "for_statement": "loop", "enhanced_for_statement": "loop",
	"while_statement": "loop", "do_statement": "loop", "switch_expression": "switch",
	"switch_statement": "switch", "try_statement": "try", "try_with_resources_statement": "try",
	"labeled_statement": "label", "class_declaration": "local-class", "record_declaration": "local-class",
	"interface_declaration": "local-class", "enum_declaration": "local-class",
	"local_class_declaration": "local-class", "synchronized_statement": "thread", "ERROR": "unparsed",
}

// compoundKinds are the statements sliced as one statement: a loop, an if or a try runs
// as a whole, so a slice holds all of it or none of it.
var compoundKinds = map[string]bool{
	"if_statement": true, "for_statement": true, "enhanced_for_statement": true, "while_statement": true,
	"do_statement": true, "try_statement": true, "try_with_resources_statement": true, "labeled_statement": true,
	"block": true,
}

// returnsFrom reports whether a return statement inside n (not in a lambda or a class body)
// may end the test method early, which every later statement would depend on.
func returnsFrom(n *sitter.Node) bool { return holds(n, "return_statement") }

// holds reports whether n is or holds, outside lambdas and class bodies, a node of one of
// kinds.
func holds(n *sitter.Node, kinds ...string) bool {
	switch t := n.Type(); {
	case slices.Contains(kinds, t):
		return true
	case t == "lambda_expression" || t == "class_body":
		return false
	}
	k := int(n.NamedChildCount())
	for i := 0; i < k; i++ {
		if holds(n.NamedChild(i), kinds...) {
			return true
		}
	}
	return false
}

// findNode returns the node of one of kinds spanning exactly [start,end), or nil.
func findNode(root *sitter.Node, start, end int, kinds ...string) *sitter.Node {
	n := root
	for depth := 0; n != nil && depth < 200; depth++ {
		if int(n.StartByte()) == start && int(n.EndByte()) == end {
			for _, k := range kinds {
				if n.Type() == k {
					return n
				}
			}
		}
		var next *sitter.Node
		c := int(n.NamedChildCount())
		for i := 0; i < c; i++ {
			ch := n.NamedChild(i)
			if int(ch.StartByte()) <= start && int(ch.EndByte()) >= end {
				next = ch
				break
			}
		}
		n = next
	}
	return nil
}

// analyzeMethod cuts a test method into statements and finds why it cannot be sliced.
func (p *project) analyzeMethod(src []byte, root *sitter.Node, t *analysis.Type, m *analysis.Member) *methodAnalysis {
	ma := &methodAnalysis{line: m.Line, end: m.EndLine, bodyLine: m.BodyLine}
	setReason := func(r string) {
		if ma.reason == "" || reasonRank[r] < reasonRank[ma.reason] {
			ma.reason = r
		}
	}
	if r := annotationReason(src, m); r != "" {
		setReason(r)
	}
	if mockAnswers(src) {
		// Mockito answers (thenAnswer, doAnswer, willAnswer…) are functions a mock runs
		// whenever it is called, where no summary can see them.
		setReason("mock-answer")
	}
	if m.Start < 0 || m.End > len(src) || m.Start >= m.End {
		ma.reason = "unparsed"
		return ma
	}
	node := findNode(root, m.Start, m.End, "method_declaration")
	if node == nil {
		ma.reason = "unparsed"
		return ma
	}
	if node.HasError() || m.Broken {
		setReason("unparsed")
	}
	body := node.ChildByFieldName("body")
	if body == nil {
		ma.reason = "unparsed"
		return ma
	}
	var params []analysis.LocalVar
	if len(m.Refs.Locals) >= len(m.Params) {
		params = append(params, m.Refs.Locals[:len(m.Params)]...)
	}
	ctx := &scanCtx{p: p, t: t, src: src, locals: map[string]string{}, fields: p.fieldNames(t)}
	for _, l := range params {
		ctx.locals[l.Name] = l.Type
		ctx.setArgs(l.Name, l.Args)
		if !immutableType(l.Type) {
			// A parameterized test's argument (or one a resolver injects) may be an object
			// static state holds: a factory may hand out a shared list.
			ma.aliases = append(ma.aliases, []string{l.Name, heapKey})
		}
	}
	bodyToks := analysis.Lex(src, int(body.StartByte()), int(body.EndByte()))
	ctx.exact = ctx.exactLocals(bodyToks, m.Refs.Locals, len(m.Params))
	ctx.decls = declCounts(m)
	ctx.inferred = ctx.varTypes(bodyToks)
	ctx.decls = nil // a test body's locals are read declaration by declaration
	ctx.inertFns, ctx.lambdaLocals = ctx.functionLocals(bodyToks)
	ctx.localClass = declaresLocalClass(src, bodyToks)
	ctx.exactClass = ctx.exactClasses(bodyToks, m.Refs.Locals, len(m.Params))
	w := &bodyWalker{p: p, ctx: ctx, ma: ma, src: src, setReason: setReason,
		known: append([]analysis.LocalVar(nil), params...), top: append([]analysis.LocalVar(nil), params...)}
	w.block(body)
	useLocalTypes(src, ma.stmts)
	ma.locals = w.top
	return ma
}

// codelessLocalType returns the name of the local class or interface n declares when it
// holds no code: no supertype, and a body of comments at most ("final class Named {}",
// whose class literal a test hands to the code under test). Declaring it runs nothing, so
// it is a statement like any other rather than a reason to keep the method whole. "" for
// any other statement.
func codelessLocalType(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "class_declaration", "local_class_declaration", "interface_declaration":
	default:
		return ""
	}
	name, body := n.ChildByFieldName("name"), n.ChildByFieldName("body")
	if name == nil || body == nil || n.HasError() {
		return ""
	}
	k := int(n.NamedChildCount())
	for i := 0; i < k; i++ {
		switch n.NamedChild(i).Type() {
		case "superclass", "super_interfaces", "extends_interfaces", "permits":
			return ""
		}
	}
	k = int(body.NamedChildCount())
	for i := 0; i < k; i++ {
		if t := body.NamedChild(i).Type(); t != "line_comment" && t != "block_comment" {
			return ""
		}
	}
	return string(src[name.StartByte():name.EndByte()])
}

// localTypeKey is the key a codeless local type's declaration binds and every later
// statement naming the type reads, so that a slice holding such a statement holds the
// declaration too.
func localTypeKey(name string) string { return "<class>" + name }

// useLocalTypes adds to each statement after a codeless local type's declaration that
// names the type (an identifier token of its name) the type's key among its uses.
func useLocalTypes(src []byte, stmts []Statement) {
	for i, decl := range stmts {
		if len(decl.Binds) != 1 || !strings.HasPrefix(decl.Binds[0], "<class>") {
			continue
		}
		key := decl.Binds[0]
		name := strings.TrimPrefix(key, "<class>")
		for j := i + 1; j < len(stmts); j++ {
			st := &stmts[j]
			if st.End <= st.Start || st.End > len(src) || !bytes.Contains(src[st.Start:st.End], []byte(name)) {
				continue
			}
			for _, t := range analysis.Lex(src, st.Start, st.End) {
				if t.Kind == analysis.TokIdent && t.Is(src, name) {
					if !slices.Contains(st.Uses, key) {
						st.Uses = append(st.Uses, key)
						slices.Sort(st.Uses)
					}
					break
				}
			}
		}
	}
}

// bodyWalker cuts a test method's body into the statements slicing reads one by one: its
// top-level statements, and the statements of the try-with-resources and plain blocks
// among them (see flatten).
type bodyWalker struct {
	p         *project
	ctx       *scanCtx
	ma        *methodAnalysis
	src       []byte
	setReason func(string)
	known     []analysis.LocalVar // locals in scope, with types
	top       []analysis.LocalVar // parameters and the body's top-level locals
	depth     int                 // blocks flattened around the current statement
}

// block reads the statements of a block.
func (w *bodyWalker) block(b *sitter.Node) {
	n := int(b.NamedChildCount())
	for i := 0; i < n; i++ {
		w.statement(b.NamedChild(i))
	}
}

// statement reads one statement of a body (or of a flattened block) into w.ma.stmts.
func (w *bodyWalker) statement(c *sitter.Node) {
	src, ma := w.src, w.ma
	kind := c.Type()
	if kind == "line_comment" || kind == "block_comment" {
		return
	}
	if flattenable(c, src) && !returnsFrom(c) && !w.finallyAsserts(c) {
		w.flatten(c)
		return
	}
	if branchable(c, src) && !returnsFrom(c) {
		w.flattenIf(c)
		return
	}
	st := Statement{Line: int(c.StartPoint().Row) + 1, EndLine: int(c.EndPoint().Row) + 1,
		Start: int(c.StartByte()), End: int(c.EndByte())}
	if name := codelessLocalType(c, src); name != "" {
		// It runs nothing; the statements naming it need it to compile (see useLocalTypes).
		key := localTypeKey(name)
		st.Defs, st.Binds = []string{key}, []string{key}
		ma.stmts = append(ma.stmts, st)
		return
	}
	compound := compoundKinds[kind]
	switch {
	case kind == "local_variable_declaration" || kind == "expression_statement" || kind == "assert_statement":
	case compound && !returnsFrom(c):
	default:
		r, ok := fallbackKinds[kind]
		if !ok {
			r = "unsupported"
		}
		w.setReason(r)
		st.Calls, st.Names, st.Selects, st.FreeFns, st.Lambdas = w.refs(src, st)
		ma.assertions += w.p.countAssertions(w.ctx, c)
		st.Compound, st.Binds = true, []string{anyLocal} // not read: it may bind anything
		st.runsCode = true
		ma.stmts = append(ma.stmts, st)
		return
	}
	st = w.read(src, st, c, c)
	if kind == "local_variable_declaration" {
		st.Declares, st.DeclarationOnly = declarationOnly(c, src)
	}
	w.iterations(&st, c)
	st.Compound = compound
	switch {
	case compound:
		// One statement for the whole loop, if or try: what any part of it may read
		// or change, never a rebinding that hides an earlier one (dependences keep
		// every earlier writer anyway), and every assertion it holds.
		st.Assertions = w.p.countAssertions(w.ctx, c)
		if st.Assertion && st.Assertions == 0 {
			st.Assertions = 1
		}
		st.Assertion = st.Assertions > 0
		ma.assertions += st.Assertions
	case st.Assertion:
		ma.assertions++
	}
	ma.stmts = append(ma.stmts, st)
}

// iterations adds to st what the for-each loops in n run without writing it: iterator()
// on what they iterate, then hasNext() and next() on the iterator, which project code may
// implement and which may change the iterated object (a parser handing out its records).
// An array, named by a local or field declared as one, runs nothing.
func (w *bodyWalker) iterations(st *Statement, n *sitter.Node) {
	if !bytes.Contains(w.src[n.StartByte():n.EndByte()], []byte("for")) {
		return
	}
	var loops []*sitter.Node
	var find func(n *sitter.Node)
	find = func(n *sitter.Node) {
		if n.Type() == "enhanced_for_statement" {
			loops = append(loops, n)
		}
		k := int(n.NamedChildCount())
		for i := 0; i < k; i++ {
			find(n.NamedChild(i))
		}
	}
	find(n)
	for _, loop := range loops {
		w.iterate(st, loop)
	}
}

// iterate adds to st the implicit calls of the for-each loop n (see iterations).
func (w *bodyWalker) iterate(st *Statement, loop *sitter.Node) {
	v := loop.ChildByFieldName("value")
	if v == nil {
		return
	}
	text := string(w.src[v.StartByte():v.EndByte()])
	switch v.Type() {
	case "identifier":
		if strings.HasSuffix(w.ctx.locals[text], "]") || strings.HasSuffix(w.ctx.fields[text], "]") {
			return
		}
	case "method_invocation", "field_access":
	default:
		text = "(" + text + ")" // not followed: unknown
	}
	st.absorb(w.readImplicit(text+".iterator().next();", int(loop.StartPoint().Row)+1))
}

// readImplicit reads code Java runs without it being written (a for-each loop's iterator
// calls, a try's closes) as one statement at line: what it calls, reads and changes. It is
// no assertion, whatever test helper shares a name with its calls.
func (w *bodyWalker) readImplicit(code string, line int) Statement {
	st := w.read([]byte(code), Statement{Line: line, EndLine: line, End: len(code)}, nil, nil)
	st.Line, st.EndLine, st.Assertion = line, line, false
	for i := range st.Calls {
		st.Calls[i].Line = line
	}
	return st
}

// concatenates reports whether code may hold a string concatenation: a + or += that is
// no ++.
func concatenates(code []byte) bool {
	for i, b := range code {
		if b == '+' && (i == 0 || code[i-1] != '+') && (i+1 == len(code) || code[i+1] != '+') {
			return true
		}
	}
	return false
}

// absorb adds to st what o calls, reads and changes (o is part of st).
func (st *Statement) absorb(o Statement) {
	union := func(a, b []string) []string { return sortedKeys(setOf(append(slices.Clone(a), b...))) }
	st.Calls = append(st.Calls, o.Calls...)
	st.runsCode = st.runsCode || o.runsCode
	st.Defs, st.Uses, st.mutates = union(st.Defs, o.Defs), union(st.Uses, o.Uses), union(st.mutates, o.mutates)
	for k, why := range o.why {
		if st.why == nil {
			st.why = map[string]string{}
		}
		if st.why[k] == "" {
			st.why[k] = why
		}
	}
}

// refs reads the call sites and names of the statement spanning st in src.
func (w *bodyWalker) refs(src []byte, st Statement) ([]analysis.Call, []string, []analysis.Select, bool, []analysis.LambdaArg) {
	refs := scanRefs(src, st, w.known)
	return refs.Calls, refs.Names, refs.Selects, refs.FreeFns, refs.Lambdas
}

// read fills in what the statement st reads and changes from the text of n (src[st.Start:
// st.End] when n is nil), whose declarations (a local variable declaration's, or a
// resource specification's) are decl's.
func (w *bodyWalker) read(src []byte, st Statement, n, decl *sitter.Node) Statement {
	ctx, ma := w.ctx, w.ma
	toks := analysis.Lex(src, st.Start, st.End)
	refs := scanRefs(src, st, w.known)
	st.Calls, st.Names, st.Selects, st.FreeFns, st.Lambdas = refs.Calls, refs.Names, refs.Selects, refs.FreeFns, refs.Lambdas
	if w.depth > 0 {
		st.Locals = slices.Clone(w.known) // the block's locals resolve its calls too
	}
	var special specialNodes
	if n != nil && (compoundKinds[n.Type()] || mayHoldSpecialNodes(n, src)) {
		special.collect(n)
	}
	if special.reason != "" {
		w.setReason(special.reason)
	}
	var declared map[string]bool
	if decl != nil {
		declared = w.declare(decl)
	}
	inner := map[string]bool{}
	for _, l := range refs.Locals {
		if _, top := ctx.locals[l.Name]; !top {
			inner[l.Name] = true
		}
	}
	saved := ctx.src
	ctx.src = src
	facts := ctx.scan(toks, inner, special.lambdas)
	ctx.src = saved
	for name := range declared {
		facts.binds[name] = true
		delete(facts.uses, name) // an initializer cannot read the variable it declares
	}
	st.declared = sortedKeys(declared)
	if facts.reason != "" {
		w.setReason(facts.reason)
	}
	st.mutates = sortedKeys(facts.defs)
	st.Binds = sortedKeys(facts.binds)
	for k := range facts.binds {
		facts.defs[k] = true
	}
	st.Defs, st.Uses, st.Assertion = sortedKeys(facts.defs), sortedKeys(facts.uses), facts.assertion
	st.why, st.verifies = facts.why, facts.verifies
	st.runsCode = len(st.Calls) > 0 || len(st.Selects) > 0 ||
		slices.ContainsFunc(st.Names, func(n string) bool { _, local := ctx.locals[n]; return !local && !isTypeName(n) }) ||
		len(st.Names) > 0 && concatenates(src[st.Start:st.End])
	ma.aliases = append(ma.aliases, facts.aliases...)
	ma.aliases = append(ma.aliases, facts.reach...)
	return st
}

// declare makes the variables a local variable declaration or a resource specification
// declares locals of their written types, for the statements after it, and returns their
// names.
func (w *bodyWalker) declare(n *sitter.Node) map[string]bool {
	src, ctx := w.src, w.ctx
	declared := map[string]bool{}
	add := func(ty, d *sitter.Node) {
		nm := d.ChildByFieldName("name")
		if nm == nil {
			return
		}
		typ := ""
		var targs []string
		if ty != nil && !isVar(ty, src) {
			typ = analysis.EraseType(string(src[ty.StartByte():ty.EndByte()]))
			targs = analysis.TypeArgs(string(src[ty.StartByte():ty.EndByte()]))
		}
		name := string(src[nm.StartByte():nm.EndByte()])
		dt := typ
		if dims := d.ChildByFieldName("dimensions"); dims != nil {
			dt += "[]"
		}
		declared[name] = true
		ctx.locals[name] = dt
		if ty != nil && isVar(ty, src) && ctx.inferred[name] != "" {
			// Effects read the type javac infers; the graph resolves the call by name.
			ctx.locals[name] = ctx.inferred[name]
		}
		if dt == typ {
			ctx.setArgs(name, targs)
		} else {
			ctx.setArgs(name, nil)
		}
		w.known = append(w.known, analysis.LocalVar{Name: name, Type: dt})
		if w.depth == 0 {
			w.top = append(w.top, analysis.LocalVar{Name: name, Type: dt})
		}
	}
	k := int(n.NamedChildCount())
	switch n.Type() {
	case "local_variable_declaration":
		ty := n.ChildByFieldName("type")
		for j := 0; j < k; j++ {
			if d := n.NamedChild(j); d.Type() == "variable_declarator" {
				add(ty, d)
			}
		}
	case "enhanced_for_statement":
		add(n.ChildByFieldName("type"), n)
	case "resource_specification":
		for j := 0; j < k; j++ {
			if d := n.NamedChild(j); d.Type() == "resource" {
				add(d.ChildByFieldName("type"), d)
			}
		}
	}
	return declared
}

// isVar reports a local variable type written as var: the type is inferred, so the local
// stays untyped (as analysis.ScanRefs leaves it) and calls on it resolve by name. Taken as
// a type name, "var" would be a library type whose calls reach no project code.
func isVar(ty *sitter.Node, src []byte) bool {
	return string(src[ty.StartByte():ty.EndByte()]) == "var"
}

// declarationOnly returns the variable a local variable declaration n declares and the
// declaration without its initializer, when n declares one variable, not final, with a
// written type (not var) and no brackets after its name; "" otherwise.
func declarationOnly(n *sitter.Node, src []byte) (string, string) {
	ty := n.ChildByFieldName("type")
	if ty == nil || isVar(ty, src) {
		return "", ""
	}
	var decl *sitter.Node
	for j := 0; j < int(n.NamedChildCount()); j++ {
		switch ch := n.NamedChild(j); ch.Type() {
		case "variable_declarator":
			if decl != nil {
				return "", ""
			}
			decl = ch
		case "modifiers":
			if strings.Contains(string(src[ch.StartByte():ch.EndByte()]), "final") {
				return "", ""
			}
		}
	}
	if decl == nil || decl.ChildByFieldName("dimensions") != nil {
		return "", ""
	}
	nm := decl.ChildByFieldName("name")
	if nm == nil {
		return "", ""
	}
	return string(src[nm.StartByte():nm.EndByte()]), string(src[n.StartByte():nm.EndByte()]) + ";"
}

// flattenable reports whether statement n is a try without catch clauses (with
// resources, a finally clause or both), a plain block, or a loop whose block body no jump
// leaves early: its statements run one after the other, like the body's own (a loop's
// again and again), between an opening and a closing part. A catch clause would run in
// place of the statements after the one that throws, so a try with one stays whole.
func flattenable(n *sitter.Node, src []byte) bool {
	switch n.Type() {
	case "block":
		return true
	case "try_with_resources_statement", "try_statement":
		if n.ChildByFieldName("body") == nil || n.Type() == "try_with_resources_statement" && n.ChildByFieldName("resources") == nil {
			return false
		}
		k := int(n.NamedChildCount())
		for i := 0; i < k; i++ {
			if t := n.NamedChild(i).Type(); t == "catch_clause" || t == "finally_clause" && jumpsOut(n.NamedChild(i)) {
				return false
			}
		}
		if n.Type() == "try_with_resources_statement" {
			return true
		}
		return finallyOf(n) != nil && ownLines(n.ChildByFieldName("body"))
	case "for_statement", "enhanced_for_statement", "while_statement":
		body := n.ChildByFieldName("body")
		if body == nil || body.Type() != "block" || jumpsOut(body) || bytes.Contains(src[n.StartByte():body.StartByte()], []byte("->")) {
			return false
		}
		if n.Type() == "enhanced_for_statement" {
			return true
		}
		// A loop only an exception ends (no condition, or a constant one) would not end
		// in a slice without the statement that throws.
		cond := n.ChildByFieldName("condition")
		return cond != nil && strings.Trim(string(src[cond.StartByte():cond.EndByte()]), "() \t\r\n") != "true"
	}
	return false
}

// finallyAsserts reports whether the finally clause of c, if any, holds an assertion: it
// would belong to every slice of the statements before it, so the try stays whole.
func (w *bodyWalker) finallyAsserts(c *sitter.Node) bool {
	fin := c
	if c.Type() == "try_statement" || c.Type() == "try_with_resources_statement" {
		fin = finallyOf(c)
	}
	return fin != nil && fin != c && w.p.countAssertions(w.ctx, fin) > 0
}

// ownLines reports whether the statements of block b start on a line after its opening
// brace and end on a line before its closing one: coverage records lines, so a try written
// on one line (try { check(); } finally { restore(); }) could not tell its parts apart.
func ownLines(b *sitter.Node) bool {
	k := int(b.NamedChildCount())
	if k == 0 {
		return true
	}
	return b.NamedChild(0).StartPoint().Row > b.StartPoint().Row && b.NamedChild(k-1).EndPoint().Row < b.EndPoint().Row
}

// finallyOf returns the finally clause of the try statement n, or nil.
func finallyOf(n *sitter.Node) *sitter.Node {
	k := int(n.NamedChildCount())
	for i := 0; i < k; i++ {
		if c := n.NamedChild(i); c.Type() == "finally_clause" {
			return c
		}
	}
	return nil
}

// jumpsOut reports whether a break, continue or yield inside n (not in a lambda or a
// class body) may leave a loop early: a slice without the statement holding it could run
// the loop more often.
func jumpsOut(n *sitter.Node) bool {
	return holds(n, "break_statement", "continue_statement", "yield_statement", "labeled_statement")
}

// flatten reads a flattenable statement as statements of their own: an opening one (the
// try and its resources, the loop's header, or the brace), the body's statements, and a
// closing one (the brace, and for a try-with-resources the implicit close of each resource
// in reverse order, which javac attributes to that line, then a finally clause). A slice
// holding any of them holds the opening one (see dependences). A loop's closing brace goes with its opening
// one, and the statements of its body depend on each other both ways (one iteration reads
// what the one before wrote). A try's closing statement joins a slice only when the slice
// depends on what the close does, as the statements after the block or the implicit unit
// may: the slice of an assertion inside does not, for the close and the finally clause run
// after it (Render makes the resources plain locals of a block then, and leaves the
// finally clause out). The body's locals go out of scope after it.
func (w *bodyWalker) flatten(c *sitter.Node) {
	src, ma := w.src, w.ma
	body := c
	if c.Type() != "block" {
		body = c.ChildByFieldName("body")
	}
	locals, args, known := maps.Clone(w.ctx.locals), maps.Clone(w.ctx.args), len(w.known)
	open := Statement{Line: int(c.StartPoint().Row) + 1, EndLine: int(body.StartPoint().Row) + 1,
		Start: int(c.StartByte()), End: int(body.StartByte()) + 1}
	loop := c.Type() != "block" && c.Type() != "try_with_resources_statement" && c.Type() != "try_statement"
	var closes []string // what the implicit close runs on, in the order it runs
	if head, decl, ok := w.header(c); ok {
		spec := Statement{Line: int(head.StartPoint().Row) + 1, Start: int(head.StartByte()), End: int(head.EndByte())}
		if head.Type() == "(" { // a loop's header: from its "(" to the body
			spec.End = int(body.StartByte())
		}
		open.readAs(w.read(src, spec, nil, decl))
		if loop && c.Type() != "enhanced_for_statement" {
			// The condition and the update read the variables the header declares, each
			// iteration: what the body does to them reaches the header.
			open.Uses = sortedKeys(setOf(append(slices.Clone(open.Uses), open.Binds...)))
		}
	}
	switch c.Type() {
	case "try_with_resources_statement":
		res := c.ChildByFieldName("resources")
		k := int(res.NamedChildCount())
		for j := 0; j < k; j++ {
			r := res.NamedChild(j)
			if r.Type() != "resource" {
				continue
			}
			on := r
			if nm := r.ChildByFieldName("name"); nm != nil {
				on = nm
				open.Resources = append(open.Resources, [2]int{int(r.StartByte()), int(r.EndByte())})
			}
			closes = append([]string{string(src[on.StartByte():on.EndByte()])}, closes...)
		}
	case "enhanced_for_statement":
		w.iterate(&open, c)
		if nm := c.ChildByFieldName("name"); nm != nil {
			// The loop variable is an element of what it iterates.
			elem := append([]string{string(src[nm.StartByte():nm.EndByte()])}, open.Uses...)
			ma.aliases = append(ma.aliases, elem)
		}
	}
	if open.Assertion {
		ma.assertions++
	}
	first := len(ma.stmts)
	open.loop = loop
	ma.stmts = append(ma.stmts, open)
	w.depth++
	w.block(body)
	w.depth--
	end := int(body.EndPoint().Row) + 1
	closing := Statement{Line: end, EndLine: end}
	if len(closes) > 0 {
		var text strings.Builder
		for _, r := range closes {
			text.WriteString(r + ".close();\n")
		}
		// Every close on the closing brace's line; when one throws, the implicit unit fails.
		closing = w.readImplicit(text.String(), end)
	}
	if fin := finallyOf(c); fin != nil {
		// The finally clause runs after the closes, whatever the body did: it is part of
		// the closing statement, read as a whole.
		closing.EndLine = int(c.EndPoint().Row) + 1
		f := w.read(src, Statement{Line: int(fin.StartPoint().Row) + 1, EndLine: closing.EndLine,
			Start: int(fin.StartByte()), End: int(fin.EndByte())}, fin, nil)
		closing.absorb(f)
		closing.Binds = sortedKeys(setOf(append(closing.Binds, f.Binds...)))
		closing.Compound = true
	}
	closing.Start, closing.End = int(body.EndByte())-1, int(c.EndByte())
	closing.loop = loop
	ma.stmts = append(ma.stmts, closing)
	ma.stmts[first].Closes = len(ma.stmts) - 1
	w.ctx.locals, w.ctx.args, w.known = locals, args, w.known[:known]
}

// branchable reports whether statement n is an if whose branches are blocks (or, for the
// else, an if of the same kind) that no jump leaves early and whose condition declares no
// pattern variable (which may stay in scope after the if): the statements of the branch
// that runs run one after the other, after the condition.
func branchable(n *sitter.Node, src []byte) bool {
	if n.Type() != "if_statement" {
		return false
	}
	cond, cons, alt := n.ChildByFieldName("condition"), n.ChildByFieldName("consequence"), n.ChildByFieldName("alternative")
	if cond == nil || cons == nil || cons.Type() != "block" || jumpsOut(n) || !plainStatements(cons) {
		return false
	}
	if text := src[cond.StartByte():cond.EndByte()]; bytes.Contains(text, []byte("->")) || bytes.Contains(text, []byte("instanceof")) {
		return false
	}
	return alt == nil || alt.Type() == "block" && plainStatements(alt) || branchable(alt, src)
}

// plainStatements reports whether every statement of block b is one a body is sliced by
// (a declaration, an expression, an assert, a loop, if, try or block as a whole): no throw,
// switch or local class, which keep a body whole, so the if keeps them as one statement.
func plainStatements(b *sitter.Node) bool {
	k := int(b.NamedChildCount())
	for i := 0; i < k; i++ {
		switch kind := b.NamedChild(i).Type(); {
		case kind == "local_variable_declaration", kind == "expression_statement", kind == "assert_statement",
			kind == "line_comment", kind == "block_comment", compoundKinds[kind]:
		default:
			return false
		}
	}
	return true
}

// flattenIf reads a branchable if as statements of their own: an opening one (the if and
// its condition, up to the brace), the statements of the first branch, for an else a
// statement between the branches ("} else {", or "} else " before an else-if read the
// same way), the statements of the else, and a closing one (the last brace). A slice
// holding any of them holds the opening one, and the opening one holds the statements
// between and closing the branches (see dependences): a slice renders the if with the
// branches' statements it needs. The branches' locals go out of scope after each.
func (w *bodyWalker) flattenIf(c *sitter.Node) {
	src, ma := w.src, w.ma
	cond, cons, alt := c.ChildByFieldName("condition"), c.ChildByFieldName("consequence"), c.ChildByFieldName("alternative")
	locals, args, known := maps.Clone(w.ctx.locals), maps.Clone(w.ctx.args), len(w.known)
	restore := func() {
		w.ctx.locals, w.ctx.args, w.known = maps.Clone(locals), maps.Clone(args), w.known[:known]
	}
	line := func(b uint32) int { return bytes.Count(src[:b], []byte("\n")) + 1 }
	open := Statement{Line: int(c.StartPoint().Row) + 1, EndLine: int(cons.StartPoint().Row) + 1,
		Start: int(c.StartByte()), End: int(cons.StartByte()) + 1}
	open.readAs(w.read(src, Statement{Line: int(cond.StartPoint().Row) + 1, Start: int(cond.StartByte()), End: int(cond.EndByte())}, nil, nil))
	w.iterations(&open, cond)
	if open.Assertion {
		ma.assertions++
	}
	first := len(ma.stmts)
	open.branch = true
	ma.stmts = append(ma.stmts, open)
	w.depth++
	w.block(cons)
	restore()
	end := Statement{Line: line(cons.EndByte() - 1), Start: int(cons.EndByte()) - 1, End: int(c.EndByte())}
	if alt != nil {
		middle := Statement{Line: end.Line, Start: end.Start, End: int(alt.StartByte())}
		if alt.Type() == "block" {
			middle.End++ // through the else's brace
		}
		middle.EndLine = line(uint32(middle.End) - 1)
		ma.stmts[first].elseAt = len(ma.stmts)
		ma.stmts = append(ma.stmts, middle)
		if alt.Type() == "block" {
			w.block(alt)
			end.Start = int(alt.EndByte()) - 1
		} else {
			w.flattenIf(alt)
			end.Start = int(alt.EndByte()) // nothing left of the outer if
		}
		end.Line = line(alt.EndByte() - 1)
		restore()
	}
	w.depth--
	end.EndLine = end.Line
	ma.stmts = append(ma.stmts, end)
	ma.stmts[first].Closes = len(ma.stmts) - 1
}

// readAs gives an opening statement what its header (a loop's header, a try's resources,
// an if's condition), read as a statement of its own, calls, reads, changes and binds;
// the opening keeps its own lines and text.
func (st *Statement) readAs(spec Statement) {
	st.Calls, st.Names, st.Selects, st.FreeFns, st.Lambdas = spec.Calls, spec.Names, spec.Selects, spec.FreeFns, spec.Lambdas
	st.Defs, st.Uses, st.Binds, st.Assertion = spec.Defs, spec.Uses, spec.Binds, spec.Assertion
	st.mutates, st.why, st.verifies, st.runsCode = spec.mutates, spec.why, spec.verifies, spec.runsCode
}

// header returns the node whose text a flattened statement's opening statement reads (a
// try's resource specification, the "(" a loop's header starts with, ending at its body),
// and the node declaring its variables; ok is false for a plain block.
func (w *bodyWalker) header(c *sitter.Node) (head, decl *sitter.Node, ok bool) {
	switch c.Type() {
	case "try_with_resources_statement":
		res := c.ChildByFieldName("resources")
		return res, res, res != nil
	case "for_statement", "enhanced_for_statement", "while_statement":
		k := int(c.ChildCount())
		for i := 0; i < k; i++ {
			ch := c.Child(i)
			if ch.Type() == "(" || ch.Type() == "parenthesized_expression" || ch.Type() == "condition" {
				if ch.Type() == "parenthesized_expression" {
					ch = ch.Child(0) // its "("
				}
				switch c.Type() {
				case "for_statement":
					if init := c.ChildByFieldName("init"); init != nil && init.Type() == "local_variable_declaration" {
						return ch, init, true
					}
					return ch, nil, true
				case "enhanced_for_statement":
					return ch, c, true
				}
				return ch, nil, true
			}
		}
	}
	return nil, nil, false
}

// scanRefs runs analysis.ScanRefs over one statement. It hands ScanRefs only the text from
// the statement's first line on (ScanRefs counts lines from the start of what it is given),
// then shifts the call lines back, so a long test file costs no more per statement.
func scanRefs(src []byte, st Statement, known []analysis.LocalVar) analysis.Refs {
	ls := st.Start
	for ls > 0 && src[ls-1] != '\n' {
		ls--
	}
	sub := src[ls:st.End]
	refs := analysis.ScanRefs(sub, analysis.Lex(sub, st.Start-ls, st.End-ls), known)
	for i := range refs.Calls {
		refs.Calls[i].Line += st.Line - 1
	}
	for i := range refs.Selects {
		refs.Selects[i].Line += st.Line - 1
	}
	return refs
}

// reasonRank orders fallback reasons: the lowest rank wins when several apply.
var reasonRank = map[string]int{"unparsed": -3, "parameterized": -2, "expected-exception": -2,
	"repeated": -2, "factory": -2, "template": -2}

// mockAnswers reports whether a test file names a Mockito answer anywhere in its code
// (a fixture may set one up for every test).
func mockAnswers(src []byte) bool {
	if !bytes.Contains(src, []byte("Answer")) {
		return false
	}
	for _, t := range analysis.Lex(src, 0, len(src)) {
		if t.Kind == analysis.TokIdent && bytes.Contains(src[t.Start:t.End], []byte("Answer")) {
			return true
		}
	}
	return false
}

// annotationReason gives the method-level reason a test annotation forces: JUnit 5
// repeated, factory and template tests, and JUnit 4 expected exceptions. A JUnit 5
// parameterized test is sliced like any other: each invocation runs the body with its
// arguments bound to the parameters, and a rendered slice keeps the annotations that
// supply them (see Render).
func annotationReason(src []byte, m *analysis.Member) string {
	switch {
	case m.HasAnnotation("RepeatedTest"):
		return "repeated"
	case m.HasAnnotation("TestFactory"):
		return "factory"
	case m.HasAnnotation("TestTemplate"):
		return "template"
	}
	end := m.BodyStart
	if end <= m.Start || end > len(src) {
		return ""
	}
	toks := analysis.Lex(src, m.Start, end)
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].Is(src, "@") && toks[i+1].Is(src, "Test") && toks[i+2].Is(src, "(") {
			for j := i + 3; j < len(toks) && !toks[j].Is(src, ")"); j++ {
				if toks[j].Is(src, "expected") {
					return "expected-exception"
				}
			}
		}
	}
	return ""
}

// specialNodes collects, inside one statement, the byte ranges of lambda bodies and
// anonymous class bodies, and the constructs that stop slicing.
type specialNodes struct {
	lambdas [][2]int
	reason  string
}

func (s *specialNodes) collect(n *sitter.Node) {
	switch n.Type() {
	case "lambda_expression":
		s.lambdas = append(s.lambdas, [2]int{int(n.StartByte()), int(n.EndByte())})
	case "class_body":
		s.lambdas = append(s.lambdas, [2]int{int(n.StartByte()), int(n.EndByte())})
		k := int(n.NamedChildCount())
		for i := 0; i < k; i++ {
			if f := n.NamedChild(i); f.Type() == "field_declaration" && !constantField(f) {
				s.set("local-class")
			}
		}
	case "switch_expression":
		s.set("switch")
	case "ERROR":
		s.set("unparsed")
	}
	if n.IsMissing() {
		s.set("unparsed")
	}
	k := int(n.NamedChildCount())
	for i := 0; i < k; i++ {
		s.collect(n.NamedChild(i))
	}
}

// mayHoldSpecialNodes says whether the statement n can hold what specialNodes looks for:
// a lambda needs "->", a class body "{", a switch expression "switch", and a syntax error
// (a missing node included) shows in HasError. Most statements hold none of them, and
// walking every node through cgo was a large share of discovery.
func mayHoldSpecialNodes(n *sitter.Node, src []byte) bool {
	if n.HasError() {
		return true
	}
	text := src[n.StartByte():n.EndByte()]
	return bytes.Contains(text, []byte("->")) || bytes.IndexByte(text, '{') >= 0 || bytes.Contains(text, []byte("switch"))
}

// constantField reports whether the field declaration f declares compile-time constants
// of a literal ("private static final long serialVersionUID = 1L;"): state no code can
// change, which an anonymous class may hold without keeping the test method whole.
func constantField(f *sitter.Node) bool {
	static, final, declared := false, false, false
	k := int(f.NamedChildCount())
	for i := 0; i < k; i++ {
		switch c := f.NamedChild(i); c.Type() {
		case "modifiers":
			for j := 0; j < int(c.ChildCount()); j++ {
				static = static || c.Child(j).Type() == "static"
				final = final || c.Child(j).Type() == "final"
			}
		case "variable_declarator":
			v := c.ChildByFieldName("value")
			if v == nil || !constantLiteral(v.Type()) {
				return false
			}
			declared = true
		}
	}
	return declared && static && final
}

// constantLiteral reports whether a tree-sitter node type is a literal.
func constantLiteral(kind string) bool {
	return strings.HasSuffix(kind, "_literal") || kind == "true" || kind == "false"
}

func (s *specialNodes) set(r string) {
	if s.reason == "" || r == "unparsed" {
		s.reason = r
	}
}

// countAssertions counts the simple statements holding an assertion inside a compound one.
func (p *project) countAssertions(ctx *scanCtx, n *sitter.Node) int {
	switch n.Type() {
	case "local_variable_declaration", "expression_statement", "assert_statement", "return_statement", "throw_statement":
		toks := analysis.Lex(ctx.src, int(n.StartByte()), int(n.EndByte()))
		for i := 0; i+1 < len(toks); i++ {
			if toks[i].Kind == analysis.TokIdent && toks[i+1].Is(ctx.src, "(") && p.isAssertionCall(toks[i].Text(ctx.src), -1) {
				return 1
			}
			if toks[i].Is(ctx.src, "assert") {
				return 1
			}
		}
		return 0
	}
	total := 0
	k := int(n.NamedChildCount())
	for i := 0; i < k; i++ {
		total += p.countAssertions(ctx, n.NamedChild(i))
	}
	return total
}

// scanCtx is what the token scan of one statement needs to know.
type scanCtx struct {
	p      *project
	t      *analysis.Type
	src    []byte
	locals map[string]string // top-level locals in scope and parameters, with types
	// args are the written type arguments of those locals' types ("List<Item> xs" gives
	// [Item]), when they have some.
	args   map[string][]string
	fields map[string]string // fields visible in the test class
	// body: the scan is of a production or helper body for its effect summary, where this
	// and its fields are the receiver position rather than shared state.
	body bool
	// exact are the locals that only ever hold JDK objects made in place (see exactLocals).
	exact map[string]bool
	// exactClass are the locals that only ever hold instances of one project class made in
	// place (see exactClasses).
	exactClass map[string]*analysis.Type
	// localClass: the body declares a local class, whose name may hide a project type's.
	localClass bool
	// fresh are, in a summarized body, the token ranges over which fields hold a JDK
	// collection the body has just made (see freshFieldSpans).
	fresh map[string][][2]int
	// decls counts the declarations of each local name in a summarized body.
	decls map[string]int
	// inferred are the types of a test body's var locals (see varTypes).
	inferred map[string]string
	// nestedClass: the code being scanned declares a local or anonymous class, whose
	// parameters and locals may hide the method's (see argTypes).
	nestedClass bool
	// typing counts the call results being typed as arguments (see callResultType), which
	// nest as the calls do: deeper ones stay untyped.
	typing int
	// initOf is the class whose initialization the summarized body runs (a static
	// initializer, or a static method of the class it calls): its static fields are local.
	initOf *analysis.Type
	// inertFns: locals of a test body that only ever hold method references which change
	// nothing when they run, with effReads when one may read shared state (see
	// functionLocals).
	inertFns map[string]effFlags
	// lambdaLocals: locals of a test body given one value only, a lambda (see functionLocals).
	lambdaLocals map[string]lambdaLocal
}

// facts are the def/use results of one statement.
type facts struct {
	defs, uses map[string]bool // defs: objects that may change; uses: keys read
	binds      map[string]bool // local variables (re)bound
	aliases    [][]string      // keys that may be (or reach) the same objects
	// reach are groups whose first key's object now reaches the others' (x.f = y): a change
	// of x's own fields does not change y, a deeper change may.
	reach     [][]string
	deep      map[string]bool // defs that may change objects reachable from the key, not just its own slots
	assertion bool
	verifies  bool // a Mockito verification: it reads the interactions recorded by mocks
	reason    string
	// runs are the keys of function values the statement's calls may run (receivers of
	// Supplier.get and the like, arguments of calls whose summaries run them).
	runs []string
	// dispatches are the keys of objects typed as JDK interfaces (CharSequence, List…) whose
	// own methods the statement's calls run, where project classes or proxies may implement
	// them: a body's summary hands its parameters on to its callers (effect.disp).
	dispatches []string
	siteFlags  effFlags          // shared-state flags of every call in the statement
	why        map[string]string // why a key is written: "$heap" -> "writes static Foo.bar"
}

// add joins what o's code does to f's (a lambda f's statement runs).
func (f *facts) add(o facts) {
	for _, m := range [][2]map[string]bool{{f.defs, o.defs}, {f.uses, o.uses}, {f.deep, o.deep}} {
		for k := range m[1] {
			m[0][k] = true
		}
	}
	for k, w := range o.why {
		if f.why[k] == "" {
			f.why[k] = w
		}
	}
	f.aliases = append(f.aliases, o.aliases...)
	f.reach = append(f.reach, o.reach...)
	f.runs = append(f.runs, o.runs...)
	f.dispatches = append(f.dispatches, o.dispatches...)
	f.siteFlags |= o.siteFlags
}

func sortedStrings(s []string) []string {
	sort.Strings(s)
	return s
}

// setOf is the set of keys.
func setOf(keys []string) map[string]bool {
	set := make(map[string]bool, len(keys))
	for _, k := range keys {
		set[k] = true
	}
	return set
}
