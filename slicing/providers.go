package slicing

import (
	"slices"
	"strconv"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// providers returns the members whose code runs to produce the arguments of a
// parameterized test method: the factory methods of @MethodSource (its own name when no
// name is given; "pkg.Cls#m" names another class; a String constant may give the name), the
// fields of @FieldSource, JUnit Pioneer's @CartesianTest.MethodFactory, and every member of
// the classes @ArgumentsSource, @EnumSource and @ValueSource(classes = …) name, and the
// extensions @ExtendWith registers on the method with their project supertypes. They run
// before each invocation, outside the method's statements, so a change they reach affects
// the whole method. Other literal sources (@ValueSource, @CsvSource…) run no project code.
func (p *project) providers(t *analysis.Type, m *analysis.Member) []string {
	f := p.fileOf(t)
	if f == nil {
		return nil
	}
	src, err := p.source(f.Path)
	if err != nil || m.Start >= len(src) {
		return nil
	}
	end := m.End
	if m.BodyStart > m.Start {
		end = m.BodyStart
	}
	toks, _ := headTokens(src, m.Start, end)
	var out []string
	seen := map[string]bool{}
	add := func(ids ...string) {
		for _, id := range ids {
			// The test method never supplies its own arguments, though a factory with no
			// name given is named like it.
			if !seen[id] && id != m.ID {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	for i, tok := range toks {
		switch tok {
		case "MethodSource", "FieldSource", "MethodFactory": // MethodFactory: JUnit Pioneer's @CartesianTest
			kind := analysis.KindMethod
			if tok == "FieldSource" {
				kind = analysis.KindField
			}
			names, unreadable, given := p.annotationStrings(t, toks, i+1)
			if unreadable {
				// A name the annotation takes from a constant we cannot read: any
				// factory of the class may be the one.
				for _, o := range p.sourceOwners(t) {
					for _, mm := range o.Members {
						if mm.Kind == kind {
							add(mm.ID)
						}
					}
				}
			}
			if !given {
				names = []string{m.Name} // the factory named like the test
			}
			for _, n := range names {
				add(p.sourceMembers(t, n, kind)...)
			}
		case "ExtendWith":
			// An extension registered on the method alone: JUnit runs its callbacks around
			// this test only (see extensionTypes for those of the class).
			for _, x := range p.writtenExtensions(t, toks, i) {
				for _, mm := range x.Members {
					add(mm.ID)
				}
			}
		case "ArgumentsSource", "EnumSource", "ArgumentsSources", "ValueSource":
			// @ValueSource(classes = {X.class}) hands the test classes it may instantiate or
			// call reflectively; its other literals name no class.
			classes := classArgs(toks, i+1)
			if len(classes) == 0 && tok == "EnumSource" && len(m.Params) > 0 {
				// @EnumSource naming no enum: the constants of the first parameter's type.
				classes = m.Params[:1]
			}
			for _, cls := range classes {
				for _, x := range p.resolve(t, cls) {
					for _, mm := range x.Members {
						add(mm.ID)
					}
				}
			}
		}
	}
	// A project annotation on the method that carries @ExtendWith (jodd's
	// @DisabledOnJava and its ExecutionCondition) registers that extension on it too.
	for _, x := range p.composedMethodExtensions(t, m) {
		for _, mm := range x.Members {
			add(mm.ID)
		}
	}
	return out
}

// sourceMembers resolves a source name of @MethodSource/@FieldSource: "name",
// "name(params)" or "pkg.Cls#name", looked up in t, its supertypes and enclosing types.
func (p *project) sourceMembers(t *analysis.Type, name string, kind analysis.MemberKind) []string {
	owners := p.sourceOwners(t)
	if cls, member, ok := strings.Cut(name, "#"); ok {
		owners = p.resolve(t, cls)
		if len(owners) == 0 {
			if x := p.snap.Type(cls); x != nil {
				owners = []*analysis.Type{x}
			}
		}
		name = member
	}
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	var out []string
	for _, o := range owners {
		for _, mm := range o.Members {
			if mm.Name == name && mm.Kind == kind {
				out = append(out, mm.ID)
			}
		}
	}
	return out
}

// sourceOwners returns t, its supertypes and its enclosing types: where an unqualified
// source name is looked up.
func (p *project) sourceOwners(t *analysis.Type) []*analysis.Type {
	owners := append([]*analysis.Type{t}, p.supertypes(t)...)
	for o := p.snap.Type(t.Outer); o != nil; o = p.snap.Type(o.Outer) {
		owners = append(owners, o)
		if o.Outer == "" {
			break
		}
	}
	return owners
}

// annotationStrings evaluates the values of the annotation arguments at toks[i] ("(" …
// ")") as strings: literals, String constants (NAME, Type.NAME) and concatenations of them
// (@MethodSource(ARGS + "visitors"), with ARGS = "pkg.TestArguments#"). unreadable says a
// value used a constant it could not read; given says the annotation has a value at all.
func (p *project) annotationStrings(t *analysis.Type, toks []string, i int) (out []string, unreadable, given bool) {
	var cur []string
	end := func(next string) {
		if len(cur) == 0 || next == "=" { // an element name (value = …), not a value
			cur = nil
			return
		}
		given = true
		var b strings.Builder
		ok := true
		for _, part := range splitTokens(cur, "+") {
			switch {
			case len(part) == 1 && len(part[0]) >= 2 && part[0][0] == '"':
				v, err := strconv.Unquote(part[0])
				if err != nil {
					v = part[0][1 : len(part[0])-1]
				}
				b.WriteString(v)
			case len(part) > 0 && isIdent(part[0]):
				var chain []string
				for _, tok := range part {
					if tok != "." {
						chain = append(chain, tok)
					}
				}
				v, found := p.constantString(t, chain)
				if !found {
					ok = false
				}
				b.WriteString(v)
			default:
				ok = false
			}
		}
		if ok {
			out = append(out, b.String())
		} else {
			unreadable = true
		}
		cur = nil
	}
	eachArg(toks, i, func(tok string) {
		switch tok {
		case ",", "{", "}", "=":
			end(tok)
		default:
			cur = append(cur, tok)
		}
	})
	end("")
	return out, unreadable, given
}

// splitTokens splits toks at each sep.
func splitTokens(toks []string, sep string) [][]string {
	var out [][]string
	start := 0
	for j, tok := range toks {
		if tok == sep {
			out = append(out, toks[start:j])
			start = j + 1
		}
	}
	return append(out, toks[start:])
}

func isIdent(tok string) bool {
	if tok == "" || tok == "true" || tok == "false" || tok == "null" {
		return false
	}
	c := tok[0]
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// constantString reads the value of a String constant named by chain (NAME, or
// Type.NAME) as seen from t: a static field initialized with one string literal.
func (p *project) constantString(t *analysis.Type, chain []string) (string, bool) {
	name := chain[len(chain)-1]
	owners := p.sourceOwners(t)
	if len(chain) > 1 {
		owners = p.resolve(t, strings.Join(chain[:len(chain)-1], "."))
	}
	for _, o := range owners {
		f := p.fieldOf(o, name)
		if f == nil || !f.Static() || f.BodyEnd <= f.BodyStart {
			continue
		}
		file := p.fileOf(p.snap.Type(ownerOfKey(f.ID)))
		if file == nil {
			return "", false
		}
		src, err := p.source(file.Path)
		if err != nil || f.BodyEnd > len(src) {
			return "", false
		}
		v, err := strconv.Unquote(strings.TrimSpace(string(src[f.BodyStart:f.BodyEnd])))
		return v, err == nil
	}
	return "", false
}

// classArgs returns the class names of "X.class" in the annotation arguments at toks[i].
func classArgs(toks []string, i int) []string {
	var out []string
	var prev []string
	eachArg(toks, i, func(tok string) {
		if tok == "class" && len(prev) >= 2 && prev[len(prev)-1] == "." {
			out = append(out, prev[len(prev)-2])
		}
		prev = append(prev, tok)
	})
	return out
}

// qualifiedClassArgs is classArgs keeping each literal's qualifier
// (Outer.Inner.class gives "Outer.Inner"), which names a nested class exactly.
func qualifiedClassArgs(toks []string, i int) []string {
	var out []string
	var prev []string
	eachArg(toks, i, func(tok string) {
		if tok == "class" && len(prev) >= 2 && prev[len(prev)-1] == "." {
			j := len(prev) - 2
			for j >= 2 && prev[j-1] == "." {
				j -= 2
			}
			out = append(out, strings.Join(slices.DeleteFunc(slices.Clone(prev[j:len(prev)-1]), func(s string) bool { return s == "." }), "."))
		}
		prev = append(prev, tok)
	})
	return out
}

// eachArg calls fn for every token inside the parentheses opening at toks[i].
func eachArg(toks []string, i int, fn func(string)) {
	if i >= len(toks) || toks[i] != "(" {
		return
	}
	depth := 0
	for j := i; j < len(toks); j++ {
		switch toks[j] {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return
			}
		}
		if depth > 0 && !(j == i) {
			fn(toks[j])
		}
	}
}
