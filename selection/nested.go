package selection

import (
	"slices"

	"github.com/assertlens/assertlens/analysis"
)

// nestedOnlyChange reports whether member id of a production file changed only inside the
// bodies of lambda expressions or of methods of anonymous classes between base and cur.
// Running the member then only makes the function objects and anonymous objects (whose
// declarations, field initializers and constructor arguments are compared); their bodies
// run when something calls them, and the coverage record holds those runs under the
// member that declares them.
func nestedOnlyChange(base, cur *analysis.Snapshot, id string) bool {
	a, ok := withoutNestedBodies(base, id)
	if !ok {
		return false
	}
	b, ok := withoutNestedBodies(cur, id)
	return ok && slices.Equal(a, b)
}

// withoutNestedBodies returns the token texts of member id's declaration with every lambda
// body and every method body of an anonymous class replaced by a placeholder; ok is false
// when the member or its source is missing or broken, or it declares neither.
func withoutNestedBodies(snap *analysis.Snapshot, id string) ([]string, bool) {
	m := findMember(snap, id)
	f := snap.FileOf(ownerType(id))
	if m == nil || f == nil || f.Test || m.Broken || m.End <= m.Start {
		return nil, false
	}
	src, err := snap.Read(f.Path)
	if err != nil || m.End > len(src) {
		return nil, false
	}
	toks := analysis.Lex(src, m.Start, m.End)
	out := make([]string, 0, len(toks))
	stripped := 0
	// anonymous holds, per open brace, whether it opens an anonymous class body.
	var anonymous []bool
	for i := 0; i < len(toks); i++ {
		t := toks[i].Text(src)
		switch {
		case t == "->" && !switchRule(toks, src, i):
			out = append(out, t, "<lambda body>")
			stripped++
			i = lambdaBodyEnd(toks, src, i+1) - 1
			continue
		case t == "{" && len(anonymous) > 0 && anonymous[len(anonymous)-1] && methodBody(toks, src, i):
			out = append(out, "<method body>")
			stripped++
			i = lambdaBodyEnd(toks, src, i) - 1
			continue
		case t == "{":
			anonymous = append(anonymous, anonymousBody(toks, src, i))
		case t == "}" && len(anonymous) > 0:
			anonymous = anonymous[:len(anonymous)-1]
		}
		out = append(out, t)
	}
	return out, stripped > 0
}

// anonymousBody reports whether the brace at toks[i] opens the body of an anonymous class:
// it closes "new Type<...>(args)".
func anonymousBody(toks []analysis.Token, src []byte, i int) bool {
	j := matchingOpen(toks, src, i-1)
	if j < 0 {
		return false
	}
	// Back over the type name, its qualifiers and type arguments to "new".
	for k := j - 1; k >= 0; k-- {
		switch t := toks[k].Text(src); {
		case t == "new":
			return true
		case t == "." || t == "<" || t == ">" || t == ">>" || t == "," || t == "?" || t == "[" || t == "]" ||
			toks[k].Kind == analysis.TokIdent || t == "extends" || t == "super":
		default:
			return false
		}
	}
	return false
}

// methodBody reports whether the brace at toks[i], directly inside an anonymous class
// body, opens a method's body: it follows "name(params)", maybe with a throws clause, and
// the name follows no "new" or "." (that would be a nested anonymous class, whose
// creation runs with its enclosing object's).
func methodBody(toks []analysis.Token, src []byte, i int) bool {
	k := i - 1
	for k >= 0 && (toks[k].Kind == analysis.TokIdent || toks[k].Is(src, ".") || toks[k].Is(src, ",")) {
		k-- // a throws clause
	}
	if k >= 0 && toks[k].Is(src, "throws") {
		k--
	} else {
		k = i - 1
	}
	j := matchingOpen(toks, src, k)
	if j < 1 || toks[j-1].Kind != analysis.TokIdent {
		return false
	}
	return j < 2 || !(toks[j-2].Is(src, "new") || toks[j-2].Is(src, "."))
}

// matchingOpen returns the index of the "(" matching the ")" at toks[k], or -1.
func matchingOpen(toks []analysis.Token, src []byte, k int) int {
	if k < 0 || !toks[k].Is(src, ")") {
		return -1
	}
	depth := 0
	for j := k; j >= 0; j-- {
		switch {
		case toks[j].Is(src, ")"):
			depth++
		case toks[j].Is(src, "("):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// switchRule reports whether the arrow at toks[i] belongs to a switch rule ("case A ->",
// "case A, B ->", "default ->"), whose body runs in place, unlike a lambda's. Walking back
// at nesting depth 0, a rule meets its case label before any statement boundary, colon
// or unclosed parenthesis (a lambda argument "f(a, x -> ...)" meets the parenthesis).
func switchRule(toks []analysis.Token, src []byte, i int) bool {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch t := toks[j].Text(src); t {
		case ")", "]":
			depth++
		case "(", "[":
			if depth == 0 {
				return false
			}
			depth--
		case "case", "default":
			if depth == 0 {
				return true
			}
		case ";", "{", "}", ":", "->", "=", "return":
			if depth == 0 {
				return false
			}
		}
	}
	return false
}

// lambdaBodyEnd returns the index of the first token after the body starting at toks[i]:
// a block to its closing brace, or an expression up to the first ',' ')' ']' ';' or '}'
// outside any brackets it opens.
func lambdaBodyEnd(toks []analysis.Token, src []byte, i int) int {
	if i >= len(toks) {
		return len(toks)
	}
	depth := 0
	if toks[i].Is(src, "{") {
		for j := i; j < len(toks); j++ {
			switch toks[j].Text(src) {
			case "{":
				depth++
			case "}":
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(toks)
	}
	for j := i; j < len(toks); j++ {
		switch toks[j].Text(src) {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return j
			}
			depth--
		case ",", ";":
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks)
}
