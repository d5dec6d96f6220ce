package slicing

import (
	"github.com/assertlens/assertlens/analysis"
)

// anonymousObjects are the members whose code makes anonymous subclasses of Object
// (new Object() { … }), see anonymousObjectMembers.
type anonymousObjects struct {
	members []memberRef
	known   bool
}

// anonymousObjectsEffect is what hashCode, equals or toString of an anonymous subclass of
// Object the project makes may do: what the methods or field initializers making them
// do, since their summaries read such a class body as code where it is written. Inside
// it, super and unqualified names can only mean Object's methods, the class's own (read
// in the same summary) or the enclosing class's, which the summary reads them as. ok is
// false when some subclass of Object is made elsewhere (a local class, a constructor or an
// initializer block, whose summaries defer what they keep).
func (p *project) anonymousObjectsEffect() (effect, bool) {
	objs := p.anonymousObjectMembers()
	if !objs.known {
		return effect{}, false
	}
	e := effNone
	for _, r := range objs.members {
		e = e.or(p.memberEffect(r))
	}
	return e, true
}

// anonymousObjectMembers finds, once per project, the methods and field initializers that
// make anonymous subclasses of Object, and whether they are all of the project's code
// subclassing Object (with those bodies blanked out, no file subclasses Object anonymously
// or locally any more).
func (p *project) anonymousObjectMembers() anonymousObjects {
	if p.anonObjects != nil {
		return *p.anonObjects
	}
	out := anonymousObjects{known: true}
	seen := map[string]bool{}
	for _, rel := range p.snap.SortedPaths() {
		src, err := p.source(rel)
		if err != nil {
			continue
		}
		if _, ok := anonymousIn(src, true)["Object"]; !ok {
			continue
		}
		toks := analysis.Lex(src, 0, len(src))
		var spans [][2]int
		for i := 0; i+4 < len(toks); i++ {
			if !toks[i].Is(src, "new") || !toks[i+1].Is(src, "Object") || !toks[i+2].Is(src, "(") || !toks[i+3].Is(src, ")") ||
				!toks[i+4].Is(src, "{") {
				continue
			}
			end := matchClose(src, toks, i+4)
			r, ok := p.enclosingMember(p.snap.Files[rel], toks[i].Start, toks[max(end, i)].End)
			if end < 0 || !ok || r.m.Kind != analysis.KindMethod && r.m.Kind != analysis.KindField {
				out.known = false
				break
			}
			spans = append(spans, [2]int{toks[i].Start, toks[end].End})
			if !seen[r.m.ID] {
				seen[r.m.ID] = true
				out.members = append(out.members, r)
			}
		}
		if _, still := anonymousIn(blankSpans(src, spans), true)["Object"]; still || !out.known {
			out.known = false
			break
		}
	}
	p.anonObjects = &out
	return out
}

// enclosingMember finds the innermost member of file f whose body holds src[from:to].
func (p *project) enclosingMember(f *analysis.File, from, to int) (memberRef, bool) {
	var best memberRef
	if f == nil {
		return best, false
	}
	for _, t := range f.Types {
		for _, m := range t.Members {
			if m.BodyStart <= from && to <= m.BodyEnd && (best.m == nil || m.BodyEnd-m.BodyStart < best.m.BodyEnd-best.m.BodyStart) {
				best = memberRef{m, t}
			}
		}
	}
	return best, best.m != nil
}
