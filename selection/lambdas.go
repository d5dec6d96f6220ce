package selection

import (
	"slices"

	"github.com/assertlens/assertlens/analysis"
)

// lambdaOnlyChange reports whether member id of a production file changed only inside the
// bodies of lambda expressions between base and cur. Running the member then only makes
// the function objects; a lambda body runs when something calls it, and the coverage
// record holds those runs under the member that declares the lambda.
func lambdaOnlyChange(base, cur *analysis.Snapshot, id string) bool {
	a, ok := withoutLambdaBodies(base, id)
	if !ok {
		return false
	}
	b, ok := withoutLambdaBodies(cur, id)
	return ok && slices.Equal(a, b)
}

// withoutLambdaBodies returns the token texts of member id's declaration with the body of
// every lambda expression replaced by one placeholder; ok is false when the member or its
// source is missing, broken, or declares no lambda.
func withoutLambdaBodies(snap *analysis.Snapshot, id string) ([]string, bool) {
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
	lambdas := 0
	for i := 0; i < len(toks); i++ {
		out = append(out, toks[i].Text(src))
		if toks[i].Is(src, "->") && !switchRule(toks, src, i) {
			lambdas++
			out = append(out, "<lambda body>")
			i = lambdaBodyEnd(toks, src, i+1) - 1
		}
	}
	return out, lambdas > 0
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

// lambdaBodyEnd returns the index of the first token after the lambda body starting at
// toks[i]: a block to its closing brace, or an expression up to the first ',' ')' ']' ';'
// or '}' outside any brackets it opens.
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
