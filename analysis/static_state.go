package analysis

import "strings"

// FeedsStaticState reports whether what member id computes can be kept in static state,
// and names the node that keeps it: a static initializer or static field (class
// initialization runs once per JVM), a member that assigns a static field (a memo filled
// by whichever test comes first), or one that reads a static field holding a mutable
// object (a static cache it may fill). Such a member's effect reaches tests that never execute
// it, so a per-test record of who executed it cannot vouch for its changes. The walk goes
// over everything that depends on id, the member itself included.
func (g *Graph) FeedsStaticState(id string) (bool, string) {
	found := ""
	g.ReachFrom([]string{id}).each(func(n string) {
		if found == "" && g.keepsStatic(n) {
			found = n
		}
	})
	return found != "", found
}

// keepsStatic says whether node n is class initialization, assigns a static field, or reads
// a static field of a type that may be mutable.
func (g *Graph) keepsStatic(n string) bool {
	if strings.HasSuffix(n, "#<clinit>") {
		return true
	}
	if m := g.member(n); m != nil && m.Kind == KindField && m.Static() {
		return true
	}
	for _, e := range g.fwd.get(n) {
		switch e.Kind {
		case EdgeFieldWrite:
			if f := g.member(e.To); f == nil || f.Static() {
				return true // a static field, or a field the graph cannot see: assume static
			}
		case EdgeFieldRead:
			if f := g.member(e.To); f != nil && f.Static() && !immutableValueType(f.ReturnType) {
				return true
			}
		}
	}
	return false
}

// immutableValueTypes are types whose objects never change once made: a static field of
// one can hold no memo but the field itself (whose writers the graph sees).
var immutableValueTypes = map[string]bool{
	"boolean": true, "byte": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "String": true, "Boolean": true, "Byte": true, "Character": true, "Short": true,
	"Integer": true, "Long": true, "Float": true, "Double": true, "BigInteger": true, "BigDecimal": true,
	"Pattern": true, "Class": true,
}

// immutableValueType says whether an (erased) field type is an immutable value type.
func immutableValueType(typ string) bool {
	if i := strings.IndexByte(typ, '<'); i >= 0 {
		typ = typ[:i]
	}
	if i := strings.LastIndexByte(typ, '.'); i >= 0 {
		typ = typ[i+1:]
	}
	return immutableValueTypes[typ]
}

// member returns the member with the given id ("pkg.T#name..."), nil for types and ids the
// snapshot does not declare.
func (g *Graph) member(id string) *Member {
	i := strings.IndexByte(id, '#')
	if i < 0 {
		return nil
	}
	t := g.snap.Type(id[:i])
	if t == nil {
		return nil
	}
	for _, m := range t.Members {
		if m.ID == id {
			return m
		}
	}
	return nil
}
