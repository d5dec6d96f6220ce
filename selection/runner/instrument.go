package runner

import (
	"fmt"
	"sort"
	"strings"
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
// starting at from, or from itself when the body does not start with one.
func afterExplicitConstructorCall(src []byte, from, end int) int {
	clean := stripComments(src[:end])
	i := skipSpace(clean, from)
	// Find the first statement's end at paren depth 0, then check its shape.
	depth := 0
	for j := i; j < end; j++ {
		switch c := clean[j]; c {
		case '"', '\'':
			j = skipLiteral(clean, j) - 1
		case '(':
			depth++
		case ')':
			depth--
		case '{', '}':
			if depth == 0 {
				return from
			}
		case ';':
			if depth == 0 {
				if isExplicitCall(string(clean[i:j])) {
					return j + 1
				}
				return from
			}
		}
	}
	return from
}

// isExplicitCall reports whether a statement is this(...)/super(...), possibly written
// as `outer.super(...)` or `<T>this(...)`.
func isExplicitCall(stmt string) bool {
	s := strings.TrimSpace(stmt)
	if strings.HasPrefix(s, "<") {
		if k := strings.IndexByte(s, '>'); k > 0 {
			s = strings.TrimSpace(s[k+1:])
		}
	}
	paren := strings.IndexByte(s, '(')
	if paren < 0 || !strings.HasSuffix(s, ")") {
		return false
	}
	head := strings.Join(strings.Fields(s[:paren]), "")
	return head == "this" || head == "super" || strings.HasSuffix(head, ".super")
}

// skipSpace skips ASCII white space.
func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r' || src[i] == '\f') {
		i++
	}
	return i
}
