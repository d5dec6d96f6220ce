package analysis

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/java"
)

var parserPool = sync.Pool{New: func() any {
	p := sitter.NewParser()
	p.SetLanguage(java.GetLanguage())
	return p
}}

// ParseTree parses src with a pooled tree-sitter parser. old may be a previous tree of the
// same document already adjusted with Tree.Edit, for an incremental re-parse. NUL bytes
// are parsed as 0x01 (see treeSitterText), so every parse of the same text agrees. The
// caller owns the returned tree and must Close it.
func ParseTree(src []byte, old *sitter.Tree) *sitter.Tree {
	p := parserPool.Get().(*sitter.Parser)
	defer parserPool.Put(p)
	return p.Parse(old, treeSitterText(src))
}

// ParseFile parses one Java file and extracts its member model. It never fails: syntax
// errors are recorded in File.ParseErrors and the members that could be read are kept.
func ParseFile(path string, src []byte, test bool) *File {
	tree := ParseTree(src, nil)
	defer tree.Close()
	return ExtractFile(path, src, tree, test)
}

// treeSitterText is src as tree-sitter should see it: its lexer takes a NUL byte for the
// end of input, so NULs (legal inside Java literals) are given to it as 0x01, which keeps
// every offset. Hashes and the body lexer still read the original bytes.
func treeSitterText(src []byte) []byte {
	if bytes.IndexByte(src, 0) < 0 {
		return src
	}
	return bytes.ReplaceAll(src, []byte{0}, []byte{1})
}

// ExtractFile builds the member model of src from its parse tree. It does not keep the tree.
func ExtractFile(path string, src []byte, tree *sitter.Tree, test bool) *File {
	f := &File{Path: path, ContentHash: xxhash.Sum64(src), Test: test, Lines: countLines(src)}
	root := tree.RootNode()
	if root.HasError() {
		collectErrors(root, path, &f.ParseErrors)
	}
	x := extractor{src: src, file: f}
	n := int(root.NamedChildCount())
	for i := 0; i < n; i++ {
		c := root.NamedChild(i)
		switch c.Type() {
		case "package_declaration":
			f.Package = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(x.text(c)), "package"), ";"))
			f.Package = stripAnnotationsAndSpace(f.Package)
		case "import_declaration":
			f.Imports = append(f.Imports, parseImport(x.text(c)))
		default:
			if isTypeDecl(c.Type()) {
				x.typeDecl(c, f.Package, "")
			} else if c.Type() == "ERROR" {
				// Declarations swallowed by an error node: look one level down so a half-typed
				// file still yields the types tree-sitter could recognise inside it.
				x.recoverTypes(c, f.Package)
			}
		}
	}
	return f
}

// recoverTypes reads the declarations inside a top-level ERROR node: whole type
// declarations tree-sitter still recognised, and a broken type head ("class Foo {" with an
// error later on) whose members follow as siblings.
func (x *extractor) recoverTypes(errNode *sitter.Node, pkg string) {
	n := int(errNode.ChildCount())
	for j := 0; j < n; j++ {
		g := errNode.Child(j)
		switch {
		case isTypeDecl(g.Type()):
			x.typeDecl(g, pkg, "")
		case (g.Type() == "class" || g.Type() == "interface" || g.Type() == "enum" || g.Type() == "record") && j+1 < n && errNode.Child(j+1).Type() == "identifier":
			name := x.text(errNode.Child(j + 1))
			id := name
			if pkg != "" {
				id = pkg + "." + name
			}
			t := &Type{ID: id, Name: name, Kind: g.Type(), Line: line(g), EndLine: endLine(errNode), Broken: true}
			t.HeadHash = hashTokens(x.src, Lex(x.src, int(g.StartByte()), int(errNode.Child(j+1).EndByte())), true)
			x.file.Types = append(x.file.Types, t)
			x.classBody(t, errNode)
			return
		}
	}
}

func countLines(src []byte) int {
	n := 1
	for _, b := range src {
		if b == '\n' {
			n++
		}
	}
	return n
}

func stripAnnotationsAndSpace(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			b.WriteRune(r)
		}
	}
	s = b.String()
	// "@Foo package a.b" leaves annotations before the name; keep the last dotted name.
	if i := strings.LastIndex(s, "package"); i >= 0 {
		s = s[i+len("package"):]
	}
	return s
}

func parseImport(text string) Import {
	s := strings.TrimSpace(text)
	s = strings.TrimPrefix(s, "import")
	s = strings.TrimSuffix(strings.TrimSpace(s), ";")
	s = strings.TrimSpace(s)
	imp := Import{}
	if strings.HasPrefix(s, "static ") || strings.HasPrefix(s, "static\t") {
		imp.Static = true
		s = strings.TrimSpace(s[len("static"):])
	}
	s = strings.Join(strings.Fields(s), "")
	if strings.HasSuffix(s, ".*") {
		imp.OnDemand = true
		s = strings.TrimSuffix(s, ".*")
	}
	imp.Name = s
	return imp
}

func isTypeDecl(kind string) bool {
	switch kind {
	case "class_declaration", "interface_declaration", "enum_declaration", "record_declaration", "annotation_type_declaration":
		return true
	}
	return false
}

func collectErrors(n *sitter.Node, path string, out *[]ParseError) {
	if len(*out) >= 20 {
		return
	}
	if n.IsMissing() {
		*out = append(*out, ParseError{File: path, Line: int(n.StartPoint().Row) + 1, Message: fmt.Sprintf("missing %s", n.Type())})
		return
	}
	if n.Type() == "ERROR" {
		*out = append(*out, ParseError{File: path, Line: int(n.StartPoint().Row) + 1, Message: "syntax error"})
		return
	}
	c := int(n.ChildCount())
	for i := 0; i < c; i++ {
		if ch := n.Child(i); ch.HasError() || ch.IsMissing() {
			collectErrors(ch, path, out)
		}
	}
}

type extractor struct {
	src  []byte
	file *File
}

func (x *extractor) text(n *sitter.Node) string { return string(x.src[n.StartByte():n.EndByte()]) }

func line(n *sitter.Node) int    { return int(n.StartPoint().Row) + 1 }
func endLine(n *sitter.Node) int { return int(n.EndPoint().Row) + 1 }

var typeKinds = map[string]string{
	"class_declaration": "class", "interface_declaration": "interface", "enum_declaration": "enum",
	"record_declaration": "record", "annotation_type_declaration": "annotation",
}

// typeDecl extracts a type declaration and, recursively, its nested types.
func (x *extractor) typeDecl(n *sitter.Node, pkg, outer string) {
	nameNode := n.ChildByFieldName("name")
	if nameNode == nil {
		return
	}
	name := x.text(nameNode)
	id := name
	if outer != "" {
		id = outer + "." + name
	} else if pkg != "" {
		id = pkg + "." + name
	}
	t := &Type{ID: id, Name: name, Kind: typeKinds[n.Type()], Outer: outer, Line: line(n), EndLine: endLine(n), Broken: n.HasError()}
	body := n.ChildByFieldName("body")
	headEnd := int(n.EndByte())
	if body != nil {
		headEnd = int(body.StartByte())
	}
	var extArgs, implArgs [][]string
	c := int(n.NamedChildCount())
	for i := 0; i < c; i++ {
		ch := n.NamedChild(i)
		switch ch.Type() {
		case "modifiers":
			t.Annotations, t.Modifiers, t.Access = x.modifiers(ch)
		case "superclass":
			t.Extends = append(t.Extends, x.typeList(ch)...)
			extArgs = append(extArgs, x.typeArgLists(ch)...)
		case "super_interfaces":
			t.Implements = append(t.Implements, x.typeList(ch)...)
			implArgs = append(implArgs, x.typeArgLists(ch)...)
		case "extends_interfaces":
			t.Extends = append(t.Extends, x.typeList(ch)...)
			extArgs = append(extArgs, x.typeArgLists(ch)...)
		case "type_parameters":
			t.TypeParams = x.typeParams(ch)
		}
	}
	if args := append(extArgs, implArgs...); slices.ContainsFunc(args, func(a []string) bool { return len(a) > 0 }) {
		t.SuperArgs = args
	}
	t.QualifiedSupers = x.qualifiedSupers(n)
	t.HeadHash = hashTokens(x.src, Lex(x.src, int(n.StartByte()), headEnd), true)
	x.file.Types = append(x.file.Types, t)
	if body == nil {
		return
	}
	if t.Kind == "record" {
		if params := n.ChildByFieldName("parameters"); params != nil {
			x.recordComponents(t, params)
		}
	}
	x.classBody(t, body)
}

// typeList returns the erased simple names of the types listed under n.
func (x *extractor) typeList(n *sitter.Node) []string {
	var out []string
	c := int(n.NamedChildCount())
	for i := 0; i < c; i++ {
		ch := n.NamedChild(i)
		if ch.Type() == "type_list" {
			out = append(out, x.typeList(ch)...)
			continue
		}
		out = append(out, EraseType(x.text(ch)))
	}
	return out
}

// typeArgLists returns, for each type listed under n (as typeList does), the erased simple
// names of its type arguments: "Elem<Frac>" gives [Frac], a wildcard gives "".
func (x *extractor) typeArgLists(n *sitter.Node) [][]string {
	var out [][]string
	c := int(n.NamedChildCount())
	for i := 0; i < c; i++ {
		ch := n.NamedChild(i)
		if ch.Type() == "type_list" {
			out = append(out, x.typeArgLists(ch)...)
			continue
		}
		out = append(out, TypeArgs(x.text(ch)))
	}
	return out
}

// TypeArgs returns the erased simple names of the outermost type arguments of a written
// type ("Map<String, List<Item>>" gives [String List]); a wildcard or an annotated argument
// gives "". Nil when the type has no arguments.
func TypeArgs(written string) []string {
	open := strings.IndexByte(written, '<')
	if open < 0 {
		return nil
	}
	var out []string
	depth, start := 0, open+1
	for i := open; i < len(written); i++ {
		switch written[i] {
		case '<':
			depth++
		case '>':
			depth--
			if depth == 0 {
				return append(out, typeArg(written[start:i]))
			}
		case ',':
			if depth == 1 {
				out = append(out, typeArg(written[start:i]))
				start = i + 1
			}
		}
	}
	return nil // unbalanced: half-typed code
}

func typeArg(a string) string {
	a = strings.TrimSpace(a)
	if a == "" || strings.HasPrefix(a, "?") || strings.HasPrefix(a, "@") {
		return ""
	}
	return EraseType(a)
}

// typeParams reads a type_parameters node: each parameter's name and first bound.
func (x *extractor) typeParams(n *sitter.Node) []TypeParam {
	var out []TypeParam
	c := int(n.NamedChildCount())
	for i := 0; i < c; i++ {
		p := n.NamedChild(i)
		if p.Type() != "type_parameter" {
			continue
		}
		var tp TypeParam
		pc := int(p.NamedChildCount())
		for j := 0; j < pc; j++ {
			switch ch := p.NamedChild(j); ch.Type() {
			case "type_identifier", "identifier":
				if tp.Name == "" {
					tp.Name = x.text(ch)
				}
			case "type_bound":
				if ch.NamedChildCount() > 0 {
					tp.Bound = EraseType(x.text(ch.NamedChild(0)))
					tp.BoundArgs = TypeArgs(x.text(ch.NamedChild(0)))
				}
			}
		}
		if tp.Name != "" {
			out = append(out, tp)
		}
	}
	return out
}

// qualifiedSupers returns the supertype names of a type declaration with their qualifiers,
// extends before implements, or nil when none is qualified.
func (x *extractor) qualifiedSupers(n *sitter.Node) []string {
	var ext, impl []string
	qualified := false
	var walk func(n *sitter.Node, into *[]string)
	walk = func(n *sitter.Node, into *[]string) {
		c := int(n.NamedChildCount())
		for i := 0; i < c; i++ {
			ch := n.NamedChild(i)
			if ch.Type() == "type_list" {
				walk(ch, into)
				continue
			}
			name := eraseQualified(x.text(ch))
			qualified = qualified || strings.Contains(name, ".")
			*into = append(*into, name)
		}
	}
	c := int(n.NamedChildCount())
	for i := 0; i < c; i++ {
		switch ch := n.NamedChild(i); ch.Type() {
		case "superclass", "extends_interfaces":
			walk(ch, &ext)
		case "super_interfaces":
			walk(ch, &impl)
		}
	}
	if !qualified {
		return nil
	}
	return append(ext, impl...)
}

// qualifiedOnly returns the written type with its qualifier ("Outer.Inner") when it has
// one that the erased simple name erased drops, else "".
func qualifiedOnly(written, erased string) string {
	if strings.HasSuffix(erased, "]") {
		return ""
	}
	q := eraseQualified(written)
	if q == erased || !strings.Contains(q, ".") {
		return ""
	}
	return q
}

// eraseQualified is EraseType keeping the qualifier ("java.util.Map.Entry<K,V>" →
// "java.util.Map.Entry").
func eraseQualified(s string) string {
	simple := EraseType(s)
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '<':
			depth++
		case c == '>':
			depth--
		case depth > 0, c == ' ', c == '\t', c == '\n', c == '\r':
		case c == '@':
			return simple // annotated supertypes are rare: keep the simple form
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// modifiers splits a modifiers node into annotation simple names, other modifiers and access.
func (x *extractor) modifiers(n *sitter.Node) (annotations, mods []string, access string) {
	c := int(n.ChildCount())
	for i := 0; i < c; i++ {
		ch := n.Child(i)
		switch ch.Type() {
		case "marker_annotation", "annotation":
			if nm := ch.ChildByFieldName("name"); nm != nil {
				annotations = append(annotations, simpleName(x.text(nm)))
			}
		default:
			w := x.text(ch)
			switch w {
			case "public", "protected", "private":
				access = w
			default:
				mods = append(mods, w)
			}
		}
	}
	return
}

func simpleName(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func (x *extractor) classBody(t *Type, body *sitter.Node) {
	var clinit, initBlock *Member
	c := int(body.NamedChildCount())
	for i := 0; i < c; i++ {
		ch := body.NamedChild(i)
		switch ch.Type() {
		case "enum_body_declarations":
			x.classBody(t, ch)
		case "enum_constant":
			x.enumConstant(t, ch)
		case "field_declaration", "constant_declaration":
			x.fields(t, ch)
		case "method_declaration", "annotation_type_element_declaration":
			x.method(t, ch, KindMethod)
		case "constructor_declaration", "compact_constructor_declaration":
			x.method(t, ch, KindConstructor)
		case "static_initializer":
			clinit = x.initializer(t, ch, clinit, "<clinit>", true)
		case "block":
			initBlock = x.initializer(t, ch, initBlock, "<init-block>", false)
		case "ERROR":
			// A member tree-sitter could not place; keep what it wraps when recognisable.
			x.classBody(t, ch)
		default:
			if isTypeDecl(ch.Type()) {
				x.typeDecl(ch, "", t.ID)
			}
		}
	}
}

func (x *extractor) recordComponents(t *Type, params *sitter.Node) {
	c := int(params.NamedChildCount())
	for i := 0; i < c; i++ {
		p := params.NamedChild(i)
		nm := p.ChildByFieldName("name")
		ty := p.ChildByFieldName("type")
		if nm == nil || ty == nil {
			continue
		}
		m := &Member{ID: t.ID + "#" + x.text(nm), Kind: KindField, Name: x.text(nm), ReturnType: EraseType(x.text(ty)),
			TypeArgs: TypeArgs(x.text(ty)), Line: line(p), EndLine: endLine(p), Start: int(p.StartByte()), End: int(p.EndByte()), Modifiers: []string{"final"}}
		m.SigHash = hashTokens(x.src, Lex(x.src, m.Start, m.End), true)
		t.Members = append(t.Members, m)
	}
}

func (x *extractor) enumConstant(t *Type, n *sitter.Node) {
	nm := n.ChildByFieldName("name")
	if nm == nil {
		return
	}
	m := &Member{ID: t.ID + "#" + x.text(nm), Kind: KindField, Name: x.text(nm), ReturnType: t.Name,
		Modifiers: []string{"static", "final"}, Line: line(n), EndLine: endLine(n),
		Start: int(n.StartByte()), End: int(n.EndByte()), Broken: n.HasError()}
	// The arguments and the optional body run when the enum class initialises.
	m.BodyStart, m.BodyEnd = int(nm.EndByte()), m.End
	toks := Lex(x.src, m.BodyStart, m.BodyEnd)
	m.SigHash = hashTokens(x.src, Lex(x.src, m.Start, int(nm.EndByte())), true)
	m.BodyHash = hashTokens(x.src, toks, false)
	m.BodyLine = m.Line
	m.Refs = ScanRefs(x.src, toks, nil)
	// A constant's class body is an anonymous subclass of the enum.
	m.Refs.LocalTypes = m.Refs.LocalTypes || n.ChildByFieldName("body") != nil
	m.Refs.Types = append(m.Refs.Types, t.Name)
	m.Refs.Calls = append(m.Refs.Calls, Call{Name: "<init>", New: t.Name, Arity: countArgs(x.src, toks), Line: m.Line})
	t.Members = append(t.Members, m)
}

func countArgs(src []byte, toks []Token) int {
	if len(toks) == 0 || !toks[0].Is(src, "(") {
		return 0
	}
	_, n, _ := argList(src, toks, 0)
	return n
}

func (x *extractor) fields(t *Type, n *sitter.Node) {
	var annotations, mods []string
	var access, typ string
	var sigStart = int(n.StartByte())
	typeEnd := sigStart
	if m := firstChildOfType(n, "modifiers"); m != nil {
		annotations, mods, access = x.modifiers(m)
	}
	qualifiedType := ""
	var typeArgs []string
	if ty := n.ChildByFieldName("type"); ty != nil {
		typ = EraseType(x.text(ty))
		qualifiedType = qualifiedOnly(x.text(ty), typ)
		typeArgs = TypeArgs(x.text(ty))
		typeEnd = int(ty.EndByte())
	}
	if t.Kind == "interface" || t.Kind == "annotation" {
		mods = appendMissing(mods, "static", "final")
	}
	headToks := Lex(x.src, sigStart, typeEnd)
	c := int(n.NamedChildCount())
	for i := 0; i < c; i++ {
		d := n.NamedChild(i)
		if d.Type() != "variable_declarator" {
			continue
		}
		nm := d.ChildByFieldName("name")
		if nm == nil {
			continue
		}
		ftyp, fqual, fargs := typ, qualifiedType, typeArgs
		if dims := d.ChildByFieldName("dimensions"); dims != nil && ftyp != "" {
			// double data[]: the brackets on the name belong to the type.
			ftyp += strings.Repeat("[]", strings.Count(x.text(dims), "["))
			fqual, fargs = "", nil
		}
		m := &Member{ID: t.ID + "#" + x.text(nm), Kind: KindField, Name: x.text(nm), ReturnType: ftyp, QualifiedType: fqual, TypeArgs: fargs,
			Annotations: annotations, Modifiers: mods, Access: access, Line: line(n), EndLine: endLine(n),
			Start: int(n.StartByte()), End: int(n.EndByte()), Broken: n.HasError()}
		declToks := Lex(x.src, int(d.StartByte()), int(nm.EndByte()))
		if dims := d.ChildByFieldName("dimensions"); dims != nil {
			declToks = append(declToks, Lex(x.src, int(dims.StartByte()), int(dims.EndByte()))...)
		}
		m.SigHash = hashTokens(x.src, append(append([]Token{}, headToks...), declToks...), true)
		if v := d.ChildByFieldName("value"); v != nil {
			m.BodyStart, m.BodyEnd = int(v.StartByte()), int(v.EndByte())
			m.BodyLine = line(v)
			toks := Lex(x.src, m.BodyStart, m.BodyEnd)
			m.BodyHash = hashTokens(x.src, toks, false)
			m.Refs = ScanRefs(x.src, toks, nil)
			if len(toks) == 1 && toks[0].Kind == TokString && typ == "String" && hasString(mods, "static") && hasString(mods, "final") {
				m.StringConst, _ = strconv.Unquote(toks[0].Text(x.src))
			}
		}
		m.Refs.Types = append(m.Refs.Types, typ)
		t.Members = append(t.Members, m)
	}
}

func appendMissing(list []string, items ...string) []string {
	for _, it := range items {
		if !hasString(list, it) {
			list = append(list, it)
		}
	}
	return list
}

func firstChildOfType(n *sitter.Node, kind string) *sitter.Node {
	c := int(n.ChildCount())
	for i := 0; i < c; i++ {
		if ch := n.Child(i); ch.Type() == kind {
			return ch
		}
	}
	return nil
}

func (x *extractor) initializer(t *Type, n *sitter.Node, prev *Member, name string, static bool) *Member {
	body := n
	if static {
		if b := firstChildOfType(n, "block"); b != nil {
			body = b
		}
	}
	toks := Lex(x.src, int(body.StartByte()), int(body.EndByte()))
	refs := ScanRefs(x.src, toks, nil)
	if prev != nil {
		// Several blocks of one kind run in order as one initializer.
		d := xxhash.New()
		writeUint64(d, prev.BodyHash)
		writeUint64(d, hashTokens(x.src, toks, false))
		prev.BodyHash = d.Sum64()
		prev.EndLine = endLine(n)
		prev.End = int(n.EndByte())
		prev.BodyEnd = int(body.EndByte())
		prev.Refs = mergeRefs(prev.Refs, refs)
		prev.Broken = prev.Broken || n.HasError()
		return prev
	}
	m := &Member{ID: t.ID + "#" + name, Kind: KindInitializer, Name: name, Line: line(n), EndLine: endLine(n),
		Start: int(n.StartByte()), End: int(n.EndByte()), BodyStart: int(body.StartByte()), BodyEnd: int(body.EndByte()),
		BodyLine: line(body), Broken: n.HasError(), Refs: refs}
	if static {
		m.Modifiers = []string{"static"}
	}
	m.BodyHash = hashTokens(x.src, toks, false)
	t.Members = append(t.Members, m)
	return m
}

// mergeRefs appends b, the references of a later block, to a. Whatever in b names a call
// by its index (a receiver that is an earlier call's result, a lambda's calls) is moved by
// the number of calls in a.
func mergeRefs(a, b Refs) Refs {
	n := len(a.Calls)
	for _, c := range b.Calls {
		c.Receiver = shiftCallReceiver(c.Receiver, n)
		a.Calls = append(a.Calls, c)
	}
	for _, sel := range b.Selects {
		sel.Receiver = shiftCallReceiver(sel.Receiver, n)
		a.Selects = append(a.Selects, sel)
	}
	for _, la := range b.Lambdas {
		la.Call, la.First, la.End = la.Call+n, la.First+n, la.End+n
		a.Lambdas = append(a.Lambdas, la)
	}
	a.MayThrow = a.MayThrow || b.MayThrow
	a.FreeFns = a.FreeFns || b.FreeFns
	a.LocalTypes = a.LocalTypes || b.LocalTypes
	a.Names = append(a.Names, b.Names...)
	a.Types = append(a.Types, b.Types...)
	a.Locals = append(a.Locals, b.Locals...)
	a.Strings = append(a.Strings, b.Strings...)
	a.Reflective = a.Reflective || b.Reflective
	a.ReflectiveConsts = append(a.ReflectiveConsts, b.ReflectiveConsts...)
	a.ClassLits = append(a.ClassLits, b.ClassLits...)
	a.FileNames = append(a.FileNames, b.FileNames...)
	a.StaticOnly = append(a.StaticOnly, b.StaticOnly...)
	a.Escapes = append(a.Escapes, b.Escapes...)
	a.Stores = append(a.Stores, b.Stores...)
	return a
}

// shiftCallReceiver returns recv with the call index it names, if it is a call's result
// (["()", k, …]), moved by n.
func shiftCallReceiver(recv []string, n int) []string {
	if len(recv) < 2 || recv[0] != "()" {
		return recv
	}
	k, err := strconv.Atoi(recv[1])
	if err != nil {
		return recv
	}
	out := slices.Clone(recv)
	out[1] = strconv.Itoa(k + n)
	return out
}

func (x *extractor) method(t *Type, n *sitter.Node, kind MemberKind) {
	nm := n.ChildByFieldName("name")
	if nm == nil {
		return
	}
	m := &Member{Kind: kind, Name: x.text(nm), Line: line(n), EndLine: endLine(n),
		Start: int(n.StartByte()), End: int(n.EndByte()), Broken: n.HasError()}
	if kind == KindConstructor {
		m.Name = "<init>"
	}
	if mods := firstChildOfType(n, "modifiers"); mods != nil {
		m.Annotations, m.Modifiers, m.Access = x.modifiers(mods)
	}
	if t.Kind == "interface" || t.Kind == "annotation" {
		if m.Access == "" && !hasString(m.Modifiers, "private") {
			m.Access = "public"
		}
	}
	if tps := n.ChildByFieldName("type_parameters"); tps != nil {
		m.TypeParams = x.typeParams(tps)
	}
	if ty := n.ChildByFieldName("type"); ty != nil {
		m.ReturnType = EraseType(x.text(ty))
		m.QualifiedType = qualifiedOnly(x.text(ty), m.ReturnType)
		m.TypeArgs = TypeArgs(x.text(ty))
	}
	var locals []LocalVar
	if params := n.ChildByFieldName("parameters"); params != nil {
		locals = x.params(m, params)
	} else if kind == KindConstructor && t.Kind == "record" {
		// A compact constructor takes the record components.
		for _, f := range t.Members {
			if f.Kind == KindField && !f.Static() {
				m.Params = append(m.Params, f.ReturnType)
			}
		}
	}
	m.ID = t.ID + "#" + m.Name + "(" + strings.Join(m.Params, ",") + ")"
	sigEnd := m.End
	body := n.ChildByFieldName("body")
	if body != nil {
		sigEnd = int(body.StartByte())
	}
	var sigToks []Token
	throwsStart, throwsEnd := -1, -1
	if th := firstChildOfType(n, "throws"); th != nil {
		throwsStart, throwsEnd = int(th.StartByte()), int(th.EndByte())
		m.Throws = x.typeList(th)
		m.ThrowsHash = hashTokens(x.src, Lex(x.src, throwsStart, throwsEnd), false)
	}
	for _, tok := range Lex(x.src, m.Start, sigEnd) {
		if tok.Start >= throwsStart && tok.End <= throwsEnd {
			continue
		}
		sigToks = append(sigToks, tok)
	}
	m.SigHash = hashTokens(x.src, sigToks, true)
	if body != nil {
		m.BodyStart, m.BodyEnd = int(body.StartByte()), int(body.EndByte())
		m.BodyLine = line(body)
		toks := Lex(x.src, m.BodyStart, m.BodyEnd)
		m.BodyHash = hashTokens(x.src, toks, false)
		m.Refs = ScanRefs(x.src, toks, locals)
	} else if v := n.ChildByFieldName("value"); v != nil { // annotation element default
		toks := Lex(x.src, int(v.StartByte()), int(v.EndByte()))
		m.BodyHash = hashTokens(x.src, toks, false)
	}
	for _, p := range m.Params {
		m.Refs.Types = append(m.Refs.Types, strings.TrimSuffix(p, "[]"))
	}
	if m.ReturnType != "" {
		m.Refs.Types = append(m.Refs.Types, strings.TrimSuffix(m.ReturnType, "[]"))
	}
	t.Members = append(t.Members, m)
}

// params reads formal parameters: erased types for the id, and locals for resolution.
func (x *extractor) params(m *Member, params *sitter.Node) []LocalVar {
	var locals []LocalVar
	var quals []string // qualified parameter types, "" for those written without
	defer func() {
		if slices.ContainsFunc(quals, func(q string) bool { return q != "" }) {
			m.QualifiedParams = quals
		}
	}()
	c := int(params.NamedChildCount())
	for i := 0; i < c; i++ {
		p := params.NamedChild(i)
		switch p.Type() {
		case "formal_parameter", "receiver_parameter":
			if p.Type() == "receiver_parameter" {
				continue
			}
			ty := p.ChildByFieldName("type")
			if ty == nil {
				continue
			}
			typ := EraseType(x.text(ty))
			if dims := p.ChildByFieldName("dimensions"); dims != nil {
				typ += strings.Repeat("[]", strings.Count(x.text(dims), "["))
			}
			m.Params = append(m.Params, typ)
			quals = append(quals, qualifiedOnly(x.text(ty), typ))
			if nm := p.ChildByFieldName("name"); nm != nil {
				lv := LocalVar{Name: x.text(nm), Type: typ}
				if !strings.HasSuffix(typ, "]") {
					lv.Args = TypeArgs(x.text(ty))
				}
				if q := qualifiedOnly(x.text(ty), typ); q != "" && !strings.HasSuffix(typ, "]") {
					lv.Type = q
				}
				locals = append(locals, lv)
			}
		case "spread_parameter":
			var typ, qual, name string
			k := int(p.NamedChildCount())
			for j := 0; j < k; j++ {
				ch := p.NamedChild(j)
				switch ch.Type() {
				case "modifiers":
				case "variable_declarator":
					if nm := ch.ChildByFieldName("name"); nm != nil {
						name = x.text(nm)
					}
				default:
					if typ == "" {
						typ = EraseType(x.text(ch))
						if qual = qualifiedOnly(x.text(ch), typ); qual != "" {
							qual += "[]"
						}
					}
				}
			}
			m.Params = append(m.Params, typ+"[]")
			quals = append(quals, qual)
			m.Varargs = true
			locals = append(locals, LocalVar{Name: name, Type: typ + "[]"})
		}
	}
	return locals
}

// EraseType turns a written Java type into the form used in ids: generics and annotations
// removed, qualified names shortened to their simple name, array dimensions kept.
func EraseType(s string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '<':
			depth++
		case c == '>':
			depth--
		case depth > 0:
		case c == '@': // type annotation: skip the name (and arguments)
			j := i + 1
			for j < len(s) && (isIdentPart(s[j]) || s[j] == '.') {
				j++
			}
			if j < len(s) && s[j] == '(' {
				d := 0
				for ; j < len(s); j++ {
					if s[j] == '(' {
						d++
					} else if s[j] == ')' {
						d--
						if d == 0 {
							j++
							break
						}
					}
				}
			}
			i = j - 1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	dims := ""
	for strings.HasSuffix(out, "[]") {
		dims += "[]"
		out = strings.TrimSuffix(out, "[]")
	}
	if strings.HasSuffix(out, "...") {
		out = strings.TrimSuffix(out, "...")
		dims += "[]"
	}
	return simpleName(out) + dims
}

var accessWords = map[string]bool{"public": true, "protected": true, "private": true}

// hashTokens hashes the text of toks; dropAccess leaves access modifiers out, so that a
// visibility change is seen on its own.
func hashTokens(src []byte, toks []Token, dropAccess bool) uint64 {
	d := xxhash.New()
	for _, t := range toks {
		if dropAccess && t.Kind == TokKeyword && accessWords[string(src[t.Start:t.End])] {
			continue
		}
		d.Write(src[t.Start:t.End])
		d.Write([]byte{0})
	}
	return d.Sum64()
}

func writeUint64(d *xxhash.Digest, v uint64) {
	var b [8]byte
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
	d.Write(b[:])
}
