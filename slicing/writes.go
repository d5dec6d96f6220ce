package slicing

import "github.com/assertlens/assertlens/analysis"

// assignment is one write found in a token range: the dotted target chain (root first),
// whether it goes through an array index, and where its right-hand side runs.
type assignment struct {
	target   []string
	indexed  bool
	rootIdx  int
	rhsStart int
	rhsEnd   int
}

// assignments finds every assignment, compound assignment, ++ and -- in toks.
func assignments(src []byte, toks []analysis.Token) []assignment {
	var out []assignment
	adj := func(a, b int) bool {
		return a >= 0 && b < len(toks) && toks[a].End == toks[b].Start
	}
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if tok.Kind != analysis.TokPunct {
			continue
		}
		switch {
		case tok.Is(src, "="):
			if i+1 < len(toks) && toks[i+1].Is(src, "=") && adj(i, i+1) {
				i++
				continue
			}
			opStart := i
			if i > 0 && adj(i-1, i) {
				prev := toks[i-1].Text(src)
				switch prev {
				case "=", "!":
					continue
				case "<", ">":
					if i > 1 && adj(i-2, i-1) && toks[i-2].Is(src, prev) {
						opStart = i - 2
						if prev == ">" && i > 2 && adj(i-3, i-2) && toks[i-3].Is(src, ">") {
							opStart = i - 3
						}
					} else {
						continue
					}
				case "+", "-", "*", "/", "%", "&", "|", "^":
					opStart = i - 1
				}
			}
			chain, indexed, root := targetChain(src, toks, opStart-1)
			if chain == nil {
				out = append(out, assignment{target: []string{"?"}, rootIdx: -1, rhsStart: i + 1, rhsEnd: exprEnd(src, toks, i+1)})
				continue
			}
			out = append(out, assignment{target: chain, indexed: indexed, rootIdx: root, rhsStart: i + 1, rhsEnd: exprEnd(src, toks, i+1)})
		case (tok.Is(src, "+") || tok.Is(src, "-")) && i+1 < len(toks) && toks[i+1].Is(src, tok.Text(src)) && adj(i, i+1):
			var chain []string
			var indexed bool
			root := -1
			if i > 0 && (toks[i-1].Kind == analysis.TokIdent || toks[i-1].Is(src, "]")) && adj(i-1, i) {
				chain, indexed, root = targetChain(src, toks, i-1)
			} else if i+2 < len(toks) && toks[i+2].Kind == analysis.TokIdent || i+2 < len(toks) && toks[i+2].Is(src, "this") {
				end := i + 2
				for end+2 < len(toks) && toks[end+1].Is(src, ".") && toks[end+2].Kind == analysis.TokIdent {
					end += 2
				}
				chain, indexed, root = targetChain(src, toks, end)
			}
			if chain != nil {
				out = append(out, assignment{target: chain, indexed: indexed, rootIdx: root, rhsStart: i, rhsEnd: i})
			}
			i++
		}
	}
	return out
}

// targetChain reads the assignable expression ending at toks[end]: a.b.c, a[i], this.f.
func targetChain(src []byte, toks []analysis.Token, end int) (chain []string, indexed bool, root int) {
	j := end
	var rev []string
	for j >= 0 {
		t := toks[j]
		switch {
		case t.Is(src, "]"):
			depth := 0
			for ; j >= 0; j-- {
				if toks[j].Is(src, "]") {
					depth++
				} else if toks[j].Is(src, "[") {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			indexed = true
			j--
			continue
		case t.Kind == analysis.TokIdent || t.Is(src, "this"):
			rev = append(rev, t.Text(src))
			if j >= 2 && toks[j-1].Is(src, ".") {
				j -= 2
				continue
			}
			if j >= 1 && toks[j-1].Is(src, ".") {
				return nil, false, -1
			}
			for a, b := 0, len(rev)-1; a < b; a, b = a+1, b-1 {
				rev[a], rev[b] = rev[b], rev[a]
			}
			return rev, indexed, j
		default:
			return nil, false, -1
		}
	}
	return nil, false, -1
}

// exprEnd returns the index after the expression starting at toks[i]: it stops at a ; or ,
// at depth 0 or at a closing bracket that closes an outer level.
func exprEnd(src []byte, toks []analysis.Token, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.Is(src, "(") || t.Is(src, "[") || t.Is(src, "{"):
			depth++
		case t.Is(src, ")") || t.Is(src, "]") || t.Is(src, "}"):
			if depth == 0 {
				return i
			}
			depth--
		case depth == 0 && (t.Is(src, ";") || t.Is(src, ",")):
			return i
		}
	}
	return i
}
