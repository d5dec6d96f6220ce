package slicing

import (
	"bytes"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// Project value classes: a final class whose instance fields, its own and
// those of its project superclasses, are all final and hold primitives, immutable JDK
// values or instances of other value classes (commons-numbers' Complex, a Money) cannot
// change once made, whatever code it is handed to, and reaches no object that can. A call
// that "may change" such an object changes nothing of it, and storing it shares nothing.
// Not so when a subclass may add state (a class that is not final), when a field holds an
// array or a collection (final List<String> things: the list changes), for an inner class
// (it holds its enclosing object), or when a mocking library may stand in for the class (a
// mock records its calls).

// valueClassNamed reports whether the type written as typ in scope is a project value class.
func (p *project) valueClassNamed(scope *analysis.Type, typ string) bool {
	if typ == "" || strings.ContainsAny(typ, "[<?") || primitive[typ] {
		return false
	}
	ts := p.resolve(scope, typ)
	return len(ts) == 1 && p.valueClass(ts[0], map[*analysis.Type]bool{})
}

// valueClass reports whether t is a project value class; visiting holds the classes whose
// answer is being worked out (a field of its own class is no reason against it).
func (p *project) valueClass(t *analysis.Type, visiting map[*analysis.Type]bool) bool {
	if visiting[t] {
		return true
	}
	if v, ok := p.values[t]; ok && len(visiting) == 0 {
		for _, n := range v.lookups {
			p.note(n)
		}
		return v.is
	}
	frame := lookupDeps{}
	p.frames = append(p.frames, frame)
	visiting[t] = true
	is := p.valueClassOf(t, visiting)
	delete(visiting, t)
	p.frames = p.frames[:len(p.frames)-1]
	lookups := make([]string, 0, len(frame))
	for n := range frame {
		lookups = append(lookups, n)
		p.note(n)
	}
	if len(visiting) == 0 {
		if p.values == nil {
			p.values = map[*analysis.Type]valueAnswer{}
		}
		p.values[t] = valueAnswer{is: is, lookups: lookups}
	}
	return is
}

// valueAnswer is a memoized valueClass answer with the lookups it made.
type valueAnswer struct {
	is      bool
	lookups []string
}

func (p *project) valueClassOf(t *analysis.Type, visiting map[*analysis.Type]bool) bool {
	if t.Kind != "class" || !hasString(t.Modifiers, "final") || p.mocksClasses() {
		return false
	}
	if o := p.snap.Type(t.Outer); o != nil && o.Kind == "class" && !hasString(t.Modifiers, "static") {
		return false // an inner class's instances hold their enclosing object, which can change
	}
	chain := append([]*analysis.Type{t}, p.supertypes(t)...)
	for _, x := range chain {
		if x.Kind != "interface" && x != t && x.Kind != "class" {
			return false
		}
		for _, n := range x.Extends {
			if len(p.resolve(x, n)) == 0 && x.Kind != "interface" {
				return false // a library superclass, whose state is not read here
			}
		}
		p.note("FT:" + x.ID)
		for _, m := range x.Members {
			if m.Kind != analysis.KindField || m.Static() {
				continue
			}
			if x.Kind == "interface" {
				continue // an interface's fields are static
			}
			if !hasString(m.Modifiers, "final") {
				return false
			}
			typ := analysis.EraseType(m.ReturnType)
			if primitive[typ] || immutableType(typ) {
				continue
			}
			if strings.ContainsAny(m.ReturnType, "[<?") {
				return false
			}
			fts := p.resolve(x, typ)
			if len(fts) != 1 || !p.valueClass(fts[0], visiting) {
				return false
			}
		}
	}
	return true
}

// mocksClasses reports whether a project file names a mocking library, which may make
// instances of any class that record how they are called.
func (p *project) mocksClasses() bool {
	if p.mocks == nil {
		m := false
		for _, rel := range p.snap.SortedPaths() {
			src, err := p.source(rel)
			if err != nil || bytes.Contains(src, []byte("org.mockito")) || bytes.Contains(src, []byte("org.easymock")) ||
				bytes.Contains(src, []byte("mockit.")) || bytes.Contains(src, []byte("io.mockk")) {
				m = true
				break
			}
		}
		p.mocks = &m
	}
	return *p.mocks
}
