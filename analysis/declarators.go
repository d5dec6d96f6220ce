package analysis

import "strings"

// laterDeclarators returns the locals declared by the second and later names of a
// declaration with several (int i = 0, n = xs.length): scanDecl reads a name after its
// type, which those names do not follow. A later name takes the type of the first, without
// the first's own brackets (int a[], b declares an int b).
func laterDeclarators(src []byte, toks []Token) []LocalVar {
	var cands []int
	for i := 2; i+1 < len(toks); i++ {
		if toks[i].Kind == TokIdent && toks[i-1].Is(src, ",") && declaratorEnd(src, toks, i) >= 0 {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	openOf := map[int]int{}
	for o, c := range bracketPairs(src, toks) {
		openOf[c] = o
	}
	lines := newLineCounter(src, toks)
	var out []LocalVar
	for _, i := range cands {
		start := declarationStart(src, toks, openOf, i)
		for f := start; f < i-1; f++ {
			if toks[f].Kind != TokIdent || declaratorEnd(src, toks, f) < 0 {
				continue
			}
			first, ok := scanDecl(src, toks, f)
			if !ok {
				continue
			}
			base := strings.TrimSuffix(first.Type, strings.Repeat("[]", (declaratorEnd(src, toks, f)-f-1)/2))
			dims := (declaratorEnd(src, toks, i) - i - 1) / 2
			v := LocalVar{Name: toks[i].Text(src), Type: base + strings.Repeat("[]", dims), Line: lines.at(toks[i].Start)}
			if dims == 0 && base == first.Type {
				v.Args = first.Args
			}
			out = append(out, v)
			break
		}
	}
	return out
}

// declaratorEnd returns the index of the "=", "," or ";" that ends the declarator naming
// toks[i] (after any C-style brackets), or -1 when none does.
func declaratorEnd(src []byte, toks []Token, i int) int {
	k := i + 1
	for k+1 < len(toks) && toks[k].Is(src, "[") && toks[k+1].Is(src, "]") {
		k += 2
	}
	if k < len(toks) && (toks[k].Is(src, "=") || toks[k].Is(src, ",") || toks[k].Is(src, ";")) {
		return k
	}
	return -1
}

// declarationStart walks back from toks[i] over the statement it is in, skipping bracketed
// parts (an array initializer's braces included), to the token after the enclosing opening
// bracket, a ";" or a block.
func declarationStart(src []byte, toks []Token, openOf map[int]int, i int) int {
	for j := i - 1; j >= 0; j-- {
		t := toks[j]
		switch {
		case closesAny(src, t):
			o, ok := openOf[j]
			if !ok {
				return j + 1
			}
			if t.Is(src, "}") && !(o > 0 && (toks[o-1].Is(src, "=") || toks[o-1].Is(src, "]") || toks[o-1].Is(src, ","))) {
				return j + 1 // a block's end, not an array initializer's
			}
			j = o
		case opensAny(src, t) || t.Is(src, ";"):
			return j + 1
		}
	}
	return 0
}
