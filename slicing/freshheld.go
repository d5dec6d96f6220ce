package slicing

import (
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// Functions held by an object a chain has just made.
//
// A call that runs a function its receiver holds (a builder's size checker, applied by
// setBufferSize) is unknown where the receiver could hold any function. When the
// receiver is an object the same chain has just made with no constructor arguments,
// Builder.builder().setBufferSize(n), it holds only what its construction stored: the
// lambdas its classes' instance field initializers write. Those bodies are read like any
// summary, so running them is no longer unknown.

// newHeldKey ends the memo key of newHeldEffect's proof for a class.
const newHeldKey = "#<held-by-new>"

// factoryHeldKey ends the memo key of factoryHeldEffect's proof for a static method.
const factoryHeldKey = "#<held-by-factory>"

// freshHeldEffect gives the effect of running the functions held by the receiver of
// chain's last call, when that receiver is what a project factory with no parameters has
// just returned in the same chain (T.factory().m(…), factory().m(…)) and the factory's
// body is one return of a new object made with no arguments: every function that object
// holds was written in its classes' field initializers (see newHeldEffect). ok is false
// otherwise.
func (c *scanCtx) freshHeldEffect(chain []segment) (effect, bool) {
	recv := chain[:len(chain)-1]
	var methods []memberRef
	switch {
	case len(recv) == 1 && recv[0].call && recv[0].cast == "" && !recv[0].fresh && recv[0].close == recv[0].open+1:
		methods = c.p.methodsIn(c.t, recv[0].name, 0)
	case len(recv) == 2 && !recv[0].call && !recv[0].fresh && recv[0].cast == "" &&
		recv[1].call && recv[1].close == recv[1].open+1:
		q := recv[0].name
		if _, local := c.locals[q]; local || c.p.fieldOf(c.t, q) != nil {
			return effect{}, false
		}
		ts := c.p.resolve(c.t, q)
		if len(ts) != 1 {
			return effect{}, false
		}
		methods = c.p.methodsOf(ts[0], recv[1].name, 0)
	default:
		return effect{}, false
	}
	if len(methods) != 1 || !methods[0].m.Static() || methods[0].m.Kind != analysis.KindMethod || len(methods[0].m.Params) != 0 {
		return effect{}, false
	}
	e := c.p.factoryHeldEffect(methods[0])
	return e, e.readsAtMost()
}

// factoryHeldEffect is, for a static method whose body is one return of a new object made
// with no arguments ({ return new Builder(); }), the effect of running the functions that
// object holds (newHeldEffect); effGlobal for any other method.
func (p *project) factoryHeldEffect(r memberRef) effect {
	return p.memo(r.m.ID+factoryHeldKey, func() effect {
		toks, src, ok := p.bodyTokens(r)
		// { return new N <…>? ( ) ; }
		if !ok || len(toks) < 8 || !toks[0].Is(src, "{") || !toks[1].Is(src, "return") || !toks[2].Is(src, "new") ||
			!toks[len(toks)-1].Is(src, "}") || !toks[len(toks)-2].Is(src, ";") ||
			!toks[len(toks)-3].Is(src, ")") || !toks[len(toks)-4].Is(src, "(") {
			return effGlobal
		}
		if toks[3].Kind != analysis.TokIdent || skipTypeArgs(src, toks, 4, len(toks)) != len(toks)-4 {
			return effGlobal // a qualified name, arguments or a class body
		}
		ts := p.resolve(r.t, toks[3].Text(src))
		if len(ts) != 1 {
			return effGlobal
		}
		return p.newHeldEffect(ts[0])
	})
}

// newHeldEffect is the effect of running the functions an object of class t holds right
// after new t() with no arguments, or effGlobal when they cannot be told. They can be when
// no class of t's project superclass chain has an instance initializer block, a
// constructor without parameters that does anything, or a this that its making hands
// away, and each instance field with an initializer either holds no function (a
// primitive, a JDK value, a JDK type other than a function or a collection with type
// arguments), or is a function type set to a lambda, method reference or null (whose
// body is then read where it is written), or is set to another instance field or to null.
// Each class's part is its own proof, so an edit of any of them proves it again.
func (p *project) newHeldEffect(t *analysis.Type) effect {
	return p.memo(t.ID+newHeldKey, func() effect {
		if t.Kind != "class" || p.innerClass(t) || p.typeCtorEffect(t, 0).ret == retShared {
			return effGlobal
		}
		acc := effNone
		for _, m := range t.Members {
			if m.Static() {
				continue
			}
			switch m.Kind {
			case analysis.KindInitializer:
				return effGlobal
			case analysis.KindConstructor:
				if len(m.Params) == 0 && !p.emptyConstructor(memberRef{m, t}) {
					return effGlobal
				}
			case analysis.KindField:
				e, ok := p.initialHeld(t, m)
				if !ok {
					return effGlobal
				}
				acc.flags |= e.flags
			}
		}
		if len(t.Extends) > 0 {
			sup := p.resolve(t, t.Extends[0])
			if len(sup) != 1 {
				return effGlobal // a JDK superclass may hold functions of its own
			}
			e := p.newHeldEffect(sup[0])
			if !e.readsAtMost() {
				return effGlobal
			}
			acc.flags |= e.flags
		}
		return acc
	})
}

// emptyConstructor reports whether constructor r's body does nothing but call super()
// with no arguments.
func (p *project) emptyConstructor(r memberRef) bool {
	toks, src, ok := p.bodyTokens(r)
	if !ok {
		return false
	}
	var body []string
	for _, t := range toks {
		body = append(body, t.Text(src))
	}
	s := strings.Join(body, " ")
	return s == "{ }" || s == "{ super ( ) ; }"
}

// initialHeld classifies instance field m of t for newHeldEffect: ok when the value its
// initializer gives it holds no function or only functions written there, with the effect
// of running those.
func (p *project) initialHeld(t *analysis.Type, m *analysis.Member) (effect, bool) {
	if m.BodyEnd <= m.BodyStart {
		return effNone, true // null, zero or false until something sets it
	}
	toks, src, ok := p.bodyTokens(memberRef{m, t})
	if !ok || len(toks) == 0 {
		return effect{}, false
	}
	if len(toks) == 1 && (toks[0].Is(src, "null") || isInstanceField(p.fieldOf(t, toks[0].Text(src)))) {
		return effNone, true // another instance field's value, which newHeldEffect reads itself
	}
	typ := analysis.EraseType(m.ReturnType)
	elem := strings.TrimRight(typ, "[]")
	if primitive[elem] || immutableType(elem) {
		return effNone, true
	}
	r := p.typeReceiver(t, elem, false)
	switch {
	case r.kind == recvFunction && elem == typ:
		if !writtenFunction(src, toks, 0, len(toks), func(name string) bool { return p.jdkInterfaceNamed(t, name) }) {
			return effect{}, false
		}
		e := p.memberEffect(memberRef{m, t}) // the lambda read as running where it is written
		return e, e.readsAtMost()
	case r.kind == recvUnknown && elem != "Object" && len(m.TypeArgs) == 0 && !p.typeParameter(t, elem):
		return effNone, true // a JDK or library object of its own: no function a project call reaches
	}
	return effect{}, false
}

// isInstanceField reports whether f is a field without the static modifier.
func isInstanceField(f *analysis.Member) bool { return f != nil && !f.Static() }

// typeParameter reports whether name is a type parameter of t or of a type enclosing it.
func (p *project) typeParameter(t *analysis.Type, name string) bool {
	for o := t; o != nil; o = p.snap.Type(o.Outer) {
		for _, tp := range o.TypeParams {
			if tp.Name == name {
				return true
			}
		}
		if o.Outer == "" {
			break
		}
	}
	return false
}

// bodyTokens lexes the body of member r (a block, or a field's initializer expression).
func (p *project) bodyTokens(r memberRef) ([]analysis.Token, []byte, bool) {
	f := p.fileOf(r.t)
	if f == nil || r.m.BodyEnd <= r.m.BodyStart || r.m.Broken {
		return nil, nil, false
	}
	src, err := p.source(f.Path)
	if err != nil || r.m.BodyEnd > len(src) {
		return nil, nil, false
	}
	return analysis.Lex(src, r.m.BodyStart, r.m.BodyEnd), src, true
}
