package runner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// probeCall is the statement inserted at the start of a probed body.
func probeCall(id string) string {
	return ` assertlens.probe.Probe.hit("` + javaEscape(id) + `");`
}

// javaEscape escapes s for a Java string literal.
func javaEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r > 0x7e:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// instrument inserts probe calls into content. The calls go on the line of the body's
// `{` (or after a constructor's explicit this(...)/super(...) call), so no line moves.
func instrument(content []byte, probes []Probe) ([]byte, error) {
	type insertion struct {
		at   int
		text string
	}
	var ins []insertion
	for _, p := range probes {
		if p.BodyStart < 0 || p.BodyStart >= len(content) || content[p.BodyStart] != '{' {
			return nil, fmt.Errorf("probe %s: no '{' at byte %d of %s", p.ID, p.BodyStart, p.File)
		}
		if p.BodyEnd <= p.BodyStart || p.BodyEnd > len(content) ||
			content[p.BodyEnd-1] != '}' && (p.BodyEnd >= len(content) || content[p.BodyEnd] != '}') {
			return nil, fmt.Errorf("probe %s: body of %s does not end with '}' at byte %d", p.ID, p.File, p.BodyEnd)
		}
		at := p.BodyStart + 1
		if p.Constructor {
			at = afterExplicitConstructorCall(content, at, p.BodyEnd)
		}
		ins = append(ins, insertion{at, probeCall(p.ID)})
	}
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].at > ins[j].at })
	out := append([]byte(nil), content...)
	for _, in := range ins {
		out = append(out[:in.at], append([]byte(in.text), out[in.at:]...)...)
	}
	return out, nil
}

// afterExplicitConstructorCall returns the offset just after a leading `this(...);` or
// `super(...);` (optionally qualified or with type arguments) in a constructor body
// starting at from, or from itself when the body does not start with one. It reads the
// body with analysis's Java lexer, so comments and literals are never mistaken for code.
func afterExplicitConstructorCall(src []byte, from, end int) int {
	toks := analysis.Lex(src, from, end)
	depth := 0
	for j, t := range toks {
		switch {
		case t.Is(src, "("):
			depth++
		case t.Is(src, ")"):
			depth--
		case depth == 0 && (t.Is(src, "{") || t.Is(src, "}")):
			return from
		case depth == 0 && t.Is(src, ";"):
			if isExplicitCall(src, toks[:j]) {
				return t.End
			}
			return from
		}
	}
	return from
}

// isExplicitCall reports whether a statement's tokens are this(...)/super(...), possibly
// written as `outer.super(...)` or `<T>this(...)`.
func isExplicitCall(src []byte, stmt []analysis.Token) bool {
	if len(stmt) > 0 && stmt[0].Is(src, "<") {
		for k, t := range stmt {
			if t.Is(src, ">") {
				stmt = stmt[k+1:]
				break
			}
		}
	}
	if len(stmt) == 0 || !stmt[len(stmt)-1].Is(src, ")") {
		return false
	}
	var head strings.Builder
	for _, t := range stmt {
		if t.Is(src, "(") {
			h := head.String()
			return h == "this" || h == "super" || strings.HasSuffix(h, ".super")
		}
		head.WriteString(t.Text(src))
	}
	return false
}
