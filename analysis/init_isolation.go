package analysis

import (
	"slices"
	"sort"
	"strings"
)

// Initializing a class runs every static field initializer, and initializing an enum
// creates every one of its constants. When such an initializer can do nothing but make its
// own value (a constant's arguments call nothing and read nothing outside the enum, it has no
// class body, and every constructor and instance initializer of the enum only stores into
// its own object; a field's initializer calls and names nothing and cannot throw), a change
// to it can be seen only by code that gets hold of that value: by reading it by name, through
// values()/valueOf(..), through a class literal, or through library code that hands out an
// enum's constants without naming them (enumUniverseCalls). Such an initializer is isolated,
// and using the class (which runs it) does not depend on it. commons-math's LocalizedFormats
// has some 300 constants: every exception the library creates reads one, so before this rule
// a change to any message reached 92% of the suite's assertions.

// enumUniverseCalls are library methods that can hand out enum constants their caller never
// named: EnumSet.range/complementOf, Class#getEnumConstants, Enum#getDeclaringClass (whose
// result leads there), and deserialization, which finds constants by their names.
var enumUniverseCalls = map[string]bool{"getEnumConstants": true, "getEnumConstantsShared": true,
	"getDeclaringClass": true, "range": true, "complementOf": true, "readObject": true, "readUnshared": true}

// enumUniverseDep is the pseudo method name a member that calls one of enumUniverseCalls
// depends on: an edit that may change which constants are isolated marks it dirty.
const enumUniverseDep = "<enum constants>"

// WhyEnumUniverse tags the edges from such a call to every isolated enum constant.
const WhyEnumUniverse = "enum constants handed out by library code"

// isolatedConstants returns the isolated static fields of typ: the enum constants whose
// creation only fills their own object (none when some constructor or instance
// initializer of the enum may do more), and the static fields whose initializer only
// computes their own value (isolatedFieldInit).
func (r *resolver) isolatedConstants(typ string) map[string]bool {
	if out, ok := r.isolated[typ]; ok {
		return out
	}
	r.d.typ(typ)
	var out map[string]bool
	add := func(id string) {
		if out == nil {
			out = map[string]bool{}
		}
		out[id] = true
	}
	if t := r.s.Type(typ); t != nil {
		enumIsolated := t.Kind == "enum" && enumConstructionIsolated(t)
		for _, m := range t.Members {
			switch {
			case isEnumConstant(t, m):
				if enumIsolated && initIsolated(t, m) {
					add(m.ID)
				}
			case isolatedFieldInit(t, m):
				add(m.ID)
			}
		}
	}
	r.isolated[typ] = out
	return out
}

// isolatedFieldInit reports whether m is a static field (no enum constant) whose
// initializer can only compute its own value: literals, operators and array initializers,
// no call, no name, nothing that may throw. Class initialization runs it, but a change to
// it is seen only by the field's readers.
func isolatedFieldInit(t *Type, m *Member) bool {
	if m.Kind != KindField || m.BodyEnd <= m.BodyStart || isEnumConstant(t, m) {
		return false
	}
	if !m.Static() && t.Kind != "interface" && t.Kind != "annotation" {
		return false
	}
	rf := &m.Refs
	return len(rf.Calls) == 0 && len(rf.Names) == 0 && len(rf.Selects) == 0 && len(rf.ClassLits) == 0 &&
		len(rf.Strings) == 0 && !rf.MayThrow && !rf.LocalTypes && !rf.MayReflect() && !m.Broken
}

// allIsolatedConstants lists the isolated constants of every project enum, sorted.
func (r *resolver) allIsolatedConstants() []string {
	r.d.method(enumUniverseDep)
	var out []string
	for id, sum := range r.idx.summary {
		if sum.kind != "enum" {
			continue
		}
		t := r.s.Type(id)
		for c := range r.isolatedConstants(id) {
			if m := t.Member(c); m != nil && isEnumConstant(t, m) {
				out = append(out, c)
			}
		}
	}
	sort.Strings(out)
	return out
}

// enumConstructionIsolated reports whether every constructor, instance initializer and
// instance field initializer of the enum t only fills the object under construction.
func enumConstructionIsolated(t *Type) bool {
	for _, m := range t.Members {
		switch {
		case m.Kind == KindConstructor, m.Kind == KindInitializer && !m.Static(),
			m.Kind == KindField && !m.Static() && m.BodyEnd > m.BodyStart:
			if !initIsolated(t, m) {
				return false
			}
		}
	}
	return true
}

// isEnumConstant reports whether m is one of the enum t's constants.
func isEnumConstant(t *Type, m *Member) bool {
	if m.Kind != KindField || !m.Static() || m.ReturnType != t.Name || len(m.Refs.Calls) == 0 {
		return false
	}
	last := m.Refs.Calls[len(m.Refs.Calls)-1]
	return last.Name == "<init>" && last.New == t.Name && last.Receiver == nil && !last.Anon
}

// initIsolated reports whether the code of m (an enum constant, constructor or instance
// initializer of the enum t) can do nothing but fill the object under construction: it
// calls nothing but t's own constructors through this(..) or the constant's creation, reads
// no name that is not its own local or a field of t (a constant's arguments are literals),
// selects fields only on this, declares no class (an enum constant's class body counts),
// holds no operation that may throw (a throwing constant would fail the initialization of
// the whole enum), and takes only primitives and strings.
func initIsolated(t *Type, m *Member) bool {
	rf := &m.Refs
	if rf.LocalTypes || rf.MayReflect() || rf.MayThrow || len(rf.Strings) > 0 || len(rf.ClassLits) > 0 || m.Broken {
		return false
	}
	if isEnumConstant(t, m) && len(rf.Names) > 0 {
		return false // arguments of literals only: another constant's toString may run project code
	}
	for _, p := range m.Params {
		// A boxed parameter may be unboxed (a null throws); another object's toString
		// may run project code in a string concatenation.
		if !IsPrimitive(strings.TrimSuffix(p, "[]")) && strings.TrimSuffix(p, "[]") != "String" {
			return false
		}
	}
	for _, c := range rf.Calls {
		ownCreation := c.Name == "<init>" && c.New == t.Name && c.Receiver == nil && !c.Anon && !c.MethRef
		if !(c.Name == "<init>" && c.This) && !ownCreation {
			return false
		}
	}
	for _, s := range rf.Selects {
		if len(s.Receiver) > 0 && !slices.Equal(s.Receiver, []string{"this"}) {
			return false
		}
	}
	for _, n := range rf.Names {
		if n == t.Name || n == "this" || slices.ContainsFunc(rf.Locals, func(l LocalVar) bool { return l.Name == n }) {
			continue
		}
		if slices.ContainsFunc(t.Members, func(f *Member) bool { return f.Kind == KindField && f.Name == n }) {
			continue
		}
		return false
	}
	return true
}

// initKey is the part of a member's summary that decides which reads and uses initialize
// its class: whether a field is a constant variable, whether enum constants are isolated.
// An edit flipping it re-resolves the members that use the class.
func initKey(t *Type, m *Member) string {
	if ConstantVariable(t, m) {
		return "|constant"
	}
	if isolatedFieldInit(t, m) {
		return "|isolated"
	}
	if t.Kind != "enum" {
		return ""
	}
	if isEnumConstant(t, m) || m.Kind == KindConstructor || m.Kind == KindInitializer && !m.Static() ||
		m.Kind == KindField && !m.Static() && m.BodyEnd > m.BodyStart {
		if initIsolated(t, m) {
			return "|isolated"
		}
		return "|shared"
	}
	return ""
}

// IsolatedStaticInit reports whether id is an isolated enum constant or static field: a
// change to it can be seen only by code that gets hold of it, not by every user of its
// class, although class initialization runs it.
func (g *Graph) IsolatedStaticInit(id string) bool {
	return newResolver(g.snap, g.idx, nil).isolatedConstants(typeOfMember(id))[id]
}
