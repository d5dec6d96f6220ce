package slicing

import (
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// InitializerWrites says whether running the initializer of field id of s may change
// state that existed before it: a static field, an object it was handed, library state,
// or the initialization of another class that does so. It returns "" when the effect
// summaries prove it cannot (the initializer only computes its own value, building fresh
// objects on the way), and otherwise why not. Whether the initializer may throw is not
// part of the answer.
func InitializerWrites(s *analysis.Snapshot, id string) string {
	typ := id
	if i := strings.IndexByte(id, '#'); i >= 0 {
		typ = id[:i]
	}
	t := s.Type(typ)
	if t == nil || t.Member(id) == nil {
		return "unknown field " + id
	}
	m := t.Member(id)
	if m.Kind != analysis.KindField {
		return id + " is no field"
	}
	if m.BodyEnd <= m.BodyStart {
		return ""
	}
	p := newProject(s, s.Read, Options{})
	// One run of the initializer: lambdas it or its callees keep run later, where their
	// effects belong (see deferLambdas). A deleted field's kept lambdas ran only where the
	// field was read, and that code changed with it.
	p.deferLambdas = true
	// Read like a constructor's body for an instance field (storing into the object under
	// construction is no effect), like any body for a static one: a store into a static of
	// its own class is an effect here, since code outside the initializer may read it.
	e := p.summarize(t, m, bodyMode{ctor: !m.Static()})
	if !m.Static() {
		e.mut &^= 1 // the object under construction
	}
	switch {
	case e.writes():
		if e.why != "" {
			return e.why
		}
		return "the initializer of " + id + " may write shared state"
	case e.runs != 0:
		return "the initializer of " + id + " may run functions it does not make"
	case e.leak != 0 || e.mut != 0:
		return "the initializer of " + id + " may change or keep an object it reads"
	}
	return ""
}
