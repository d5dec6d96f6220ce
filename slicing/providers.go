package slicing

import (
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// providers returns the members whose code runs to produce the arguments of a
// parameterized test method: the factory methods of @MethodSource (its own name when no
// name is given; "pkg.Cls#m" names another class), the fields of @FieldSource, and every
// member of the classes @ArgumentsSource and @EnumSource name. They run before each
// invocation, outside the method's statements, so a change they reach affects the whole
// method. Literal sources (@ValueSource, @CsvSource…) run no project code.
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
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	for i, tok := range toks {
		switch tok {
		case "MethodSource", "FieldSource":
			names := stringArgs(toks, i+1)
			if len(names) == 0 {
				names = []string{m.Name} // the factory named like the test
			}
			kind := analysis.KindMethod
			if tok == "FieldSource" {
				kind = analysis.KindField
			}
			for _, n := range names {
				add(p.sourceMembers(t, n, kind)...)
			}
		case "ArgumentsSource", "EnumSource", "ArgumentsSources":
			for _, cls := range classArgs(toks, i+1) {
				for _, x := range p.resolve(t, cls) {
					for _, mm := range x.Members {
						add(mm.ID)
					}
				}
			}
		}
	}
	return out
}

// sourceMembers resolves a source name of @MethodSource/@FieldSource: "name",
// "name(params)" or "pkg.Cls#name", looked up in t, its supertypes and enclosing types.
func (p *project) sourceMembers(t *analysis.Type, name string, kind analysis.MemberKind) []string {
	owners := append([]*analysis.Type{t}, p.supertypes(t)...)
	for o := p.snap.Type(t.Outer); o != nil; o = p.snap.Type(o.Outer) {
		owners = append(owners, o)
		if o.Outer == "" {
			break
		}
	}
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

// stringArgs returns the string literals of the annotation arguments starting at toks[i]
// ("(" … ")"), unquoted.
func stringArgs(toks []string, i int) []string {
	var out []string
	eachArg(toks, i, func(tok string) {
		if len(tok) >= 2 && tok[0] == '"' {
			out = append(out, tok[1:len(tok)-1])
		}
	})
	return out
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
