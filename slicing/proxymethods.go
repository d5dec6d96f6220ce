package slicing

import (
	"github.com/assertlens/assertlens/analysis"
)

// objectMethodsKey ends the memo key of objectMethodsEffect's proof for a handler's invoke.
const objectMethodsKey = "#<object-methods>"

// methodQueries are the java.lang.reflect.Method queries a handler may read before it
// tells Object's methods apart.
var methodQueries = map[string]bool{"getDeclaringClass": true, "getName": true, "getParameterCount": true,
	"getParameterTypes": true, "getReturnType": true}

// objectMethodsEffect is what invocation handler method r, invoke(proxy, method, args),
// may do when a proxy's hashCode, equals or toString runs it. When its body first reads
// the method's declaration and then returns, for a method Object declares, a call of a
// method of its own handed its parameters,
//
//	final Class<?> declaringClass = method.getDeclaringClass();
//	if (declaringClass == Object.class) {
//	    return invokeObjectMethod(proxy, method, args);
//	}
//
// that is the effect of that call; otherwise it is the effect of all of invoke.
func (p *project) objectMethodsEffect(r memberRef) effect {
	return p.memo(r.m.ID+objectMethodsKey, func() effect {
		if helper, ok := p.objectMethodsHelper(r); ok {
			return p.memberEffect(helper)
		}
		return p.memberEffect(r)
	})
}

// objectMethodsHelper finds the method invoke (r) hands Object's methods to, as
// objectMethodsEffect describes.
func (p *project) objectMethodsHelper(r memberRef) (memberRef, bool) {
	toks, src, ok := p.bodyTokens(r)
	if !ok || len(r.m.Params) != 3 || len(r.m.Refs.Locals) < 3 {
		return memberRef{}, false
	}
	params := []string{r.m.Refs.Locals[0].Name, r.m.Refs.Locals[1].Name, r.m.Refs.Locals[2].Name}
	method := params[1]
	declaring := map[string]bool{} // locals holding method.getDeclaringClass()
	is := func(i int, text string) bool { return i < len(toks) && toks[i].Is(src, text) }
	ident := func(i int) bool { return i < len(toks) && toks[i].Kind == analysis.TokIdent }
	// query reports whether toks[i:] starts with method.q() for one of methodQueries, and q.
	query := func(i int) (string, bool) {
		if is(i, method) && is(i+1, ".") && ident(i+2) && methodQueries[toks[i+2].Text(src)] && is(i+3, "(") && is(i+4, ")") {
			return toks[i+2].Text(src), true
		}
		return "", false
	}
	i := 1
	for i < len(toks) && !is(i, "if") {
		// [final] Type<…> name = method.query();
		if is(i, "final") {
			i++
		}
		if !ident(i) && !(i < len(toks) && primitive[toks[i].Text(src)]) {
			return memberRef{}, false
		}
		i = skipTypeArgs(src, toks, i+1, len(toks))
		if !ident(i) || !is(i+1, "=") {
			return memberRef{}, false
		}
		name := toks[i].Text(src)
		q, ok := query(i + 2)
		if !ok || !is(i+7, ";") {
			return memberRef{}, false
		}
		declaring[name] = q == "getDeclaringClass"
		i += 8
	}
	// if ( X == Object.class ) or ( Object.class == X ), X a declaring local or method.getDeclaringClass()
	if !is(i+1, "(") {
		return memberRef{}, false
	}
	closeAt := matchClose(src, toks, i+1)
	if closeAt < 0 {
		return memberRef{}, false
	}
	cond := toks[i+2 : closeAt]
	objectClass := func(ts []analysis.Token) bool {
		return len(ts) == 3 && ts[0].Is(src, "Object") && ts[1].Is(src, ".") && ts[2].Is(src, "class")
	}
	declaringSide := func(from, to int) bool {
		if to == from+1 {
			return declaring[toks[from].Text(src)]
		}
		q, ok := query(from)
		return ok && q == "getDeclaringClass" && to == from+5
	}
	eq, width := equalsAt(src, cond)
	if eq < 0 {
		return memberRef{}, false
	}
	left, right := i+2, i+2+eq
	if !(objectClass(cond[eq+width:]) && declaringSide(left, right) || objectClass(cond[:eq]) && declaringSide(right+width, closeAt)) {
		return memberRef{}, false
	}
	// then: return helper(proxy, method, args); or { return helper(proxy, method, args); }
	j := closeAt + 1
	braced := is(j, "{")
	if braced {
		j++
	}
	if !is(j, "return") || !ident(j+1) || !is(j+2, "(") {
		return memberRef{}, false
	}
	k := j + 3
	for n, name := range params {
		if n > 0 {
			if !is(k, ",") {
				return memberRef{}, false
			}
			k++
		}
		if !is(k, name) {
			return memberRef{}, false
		}
		k++
	}
	if !is(k, ")") || !is(k+1, ";") || braced && !is(k+2, "}") {
		return memberRef{}, false
	}
	cands := p.methodsOf(r.t, toks[j+1].Text(src), 3)
	if len(cands) != 1 || cands[0].m.ID == r.m.ID {
		return memberRef{}, false
	}
	return cands[0], true
}

// equalsAt finds the == operator in toks (one token, or two adjacent "=" as the lexer may
// give it): its index and how many tokens it takes, or -1.
func equalsAt(src []byte, toks []analysis.Token) (int, int) {
	for k, t := range toks {
		switch {
		case t.Is(src, "=="):
			return k, 1
		case t.Is(src, "=") && k+1 < len(toks) && toks[k+1].Is(src, "=") && toks[k+1].Start == t.End:
			return k, 2
		}
	}
	return -1, 0
}
