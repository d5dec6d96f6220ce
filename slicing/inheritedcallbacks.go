package slicing

import (
	"slices"

	"github.com/assertlens/assertlens/analysis"
)

// inheritedCallback is a callback (hashCode, equals, toString, compare, compareTo) a
// project class takes unchanged from its library superclass, with the project code the
// library's version may run on the object: AbstractList#hashCode walks the list through
// the class's own get and size, Throwable#toString asks its getMessage.
type inheritedCallback struct {
	t        *analysis.Type
	callback string
	library  string      // simple name of the library superclass
	runs     []memberRef // the project methods the library's callback may call
	// anonymous is set when an anonymous or local subclass of t overrides a method the
	// library's callback may call: its body is read nowhere.
	anonymous bool
}

// inheritedCallbackSites is a memo of inheritedCallbacks with the lookups made to find
// them, noted again for every later asker (as supersOf is).
type inheritedCallbackSites struct {
	sites   []inheritedCallback
	lookups []string
}

// inheritedCallbacks lists, in path order, every callback a project class inherits from a
// library superclass other than Object, when that version may call project code: the
// methods inheritedCalls names for the superclass (Object's own for the classes in
// objectCallbacks, Throwable's for exceptions, a skeleton's for the JDK collections in
// collectionSkeletons), and for a superclass the tables do not know
// any instance method the class or its project superclasses declare. callbackEffect reads
// them, so that the callbacks of an object of any class are among its callbacks.
func (p *project) inheritedCallbacks() []inheritedCallback {
	if m := p.inheritedCBs; m != nil {
		for _, n := range m.lookups {
			p.note(n)
		}
		return m.sites
	}
	var sites []inheritedCallback
	lookups := p.memoLookups(func() { sites = p.findInheritedCallbacks() })
	slices.Sort(lookups)
	p.inheritedCBs = &inheritedCallbackSites{sites: sites, lookups: lookups}
	return sites
}

// findInheritedCallbacks works inheritedCallbacks out.
func (p *project) findInheritedCallbacks() []inheritedCallback {
	var sites []inheritedCallback
	anon := p.anonymousSubclassed()
	for _, rel := range p.snap.SortedPaths() {
		for _, t := range p.snap.Files[rel].Types {
			if t.Kind != "class" {
				continue
			}
			chain, library := p.libraryAncestry(t)
			if library == "" {
				continue
			}
			if skeleton := collectionSkeletons[library]; skeleton != "" {
				library = skeleton
			}
			table, known := inheritedCalls[library]
			switch {
			case objectCallbacks[library]:
				table, known = inheritedCalls["Object"], true
			case !known && isThrowable(library):
				table, known = inheritedCalls["Throwable"], true
			}
			for _, cb := range callbackNames {
				if len(p.implementationsIn(t, cb.name, cb.arity)) > 0 {
					continue // its own, among the callbacks by name
				}
				site := inheritedCallback{t: t, callback: cb.name, library: library}
				if calls, ok := table[cb.name]; known && ok {
					for _, name := range calls {
						site.runs = append(site.runs, p.implementationsIn(t, name, -1)...)
						site.anonymous = site.anonymous || anon[t.Name][name]
					}
				} else {
					site.runs = chainMethods(p, chain)
					site.anonymous = len(anon[t.Name]) > 0
				}
				site.anonymous = site.anonymous || anon[t.Name][anyMethod]
				if len(site.runs) > 0 || site.anonymous {
					sites = append(sites, site)
				}
			}
		}
	}
	return sites
}

// libraryAncestry follows t's superclasses through the project and returns the project
// classes passed (t first) and the simple name of the library class reached; library is ""
// when every chain ends at Object, and "?" when a superclass name that resolves to several
// project types leads to different ones.
func (p *project) libraryAncestry(t *analysis.Type) (chain []*analysis.Type, library string) {
	seen := map[string]bool{}
	var walk func(cur *analysis.Type) string
	walk = func(cur *analysis.Type) string {
		if seen[cur.ID] {
			return "" // a cycle, or a class reached twice: said already
		}
		seen[cur.ID] = true
		chain = append(chain, cur)
		if cur.Kind != "class" || len(cur.Extends) == 0 {
			return ""
		}
		sup := p.superOf(cur, cur.Extends[0])
		if len(sup) == 0 {
			return simpleName(cur.Extends[0])
		}
		lib := walk(sup[0])
		for _, s := range sup[1:] {
			if l := walk(s); l != lib {
				lib = "?"
			}
		}
		return lib
	}
	library = walk(t)
	return chain, library
}

// chainMethods lists the instance methods with a body the classes of chain declare; a
// library superclass the tables do not know may call any of them. The lookup "M:<type>#*"
// stands for all of a type's methods: declaring one more makes it stale.
func chainMethods(p *project, chain []*analysis.Type) []memberRef {
	var out []memberRef
	for _, c := range chain {
		p.note("M:" + c.ID + "#*")
		for _, m := range c.Members {
			if m.Kind == analysis.KindMethod && !m.Static() && m.BodyEnd > m.BodyStart {
				out = append(out, memberRef{m, c})
			}
		}
	}
	return out
}
