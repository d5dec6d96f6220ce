package analysis

import (
	"sort"
	"strings"
)

// memberRef points at one member: the id of its type and its position in Type.Members. It
// stays valid for any snapshot whose file has the same shape (see fileShape).
type memberRef struct {
	typ string
	i   int
}

// index is the project-wide symbol table the resolver reads: types by simple name, the
// resolved supertypes of every type, subtypes, and members by name. It holds ids only, never
// *Type or *Member, so a snapshot that differs in member bodies alone can keep using it.
// It is immutable once built: deriveIndex (index_delta.go) makes a new one that shares the
// maps an edit did not touch.
type index struct {
	byName    map[string][]string    // simple name → type ids, sorted
	supers    map[string][]string    // type id → project supertypes, superclass first
	superCls  map[string]string      // type id → project superclass of a class ("" if none)
	ancestors map[string][]string    // type id → every project ancestor, nearest first
	libSuper  map[string]bool        // type id has a non-project ancestor (incl. Enum, Record)
	subs      map[string][]string    // type id → direct project subtypes, sorted
	methods   map[string][]memberRef // method name → methods (not constructors)
	fields    map[string][]memberRef // field name → fields and enum constants
	summary   map[string]typeSummary // type id → what other files may depend on
	packages  map[string]bool        // packages that hold project types

	// What an incremental derivation needs besides the resolver's view.
	libOwn   map[string]bool     // type id names a non-project supertype itself (true entries only)
	consults map[string][]string // type id → types whose supertypes resolving its own read (non-empty only)
	pkgFiles map[string]int      // package → number of files that declare types in it
	declared int                 // type declarations in all files (more than len(summary): an id is declared twice)
	cyclic   bool                // resolving supertypes met a cycle, so results depend on order
}

// typeSummary is what the update compares between two indexes to find types whose
// resolution-relevant facts changed.
type typeSummary struct {
	kind, outer string
	ancestors   string // joined ancestor ids
	lib         bool
	libNames    string // the type's own non-project supertypes (simple names, joined): callbacks
	subs        string // joined direct subtypes
	generics    string // type parameters and supertypes' type arguments (genericsSummary)
}

// implicitLibSuper names the type kinds that have the implicit non-project supertypes of enums and records.
var implicitLibSuper = map[string]bool{"enum": true, "record": true}

// buildIndex builds the symbol table of every type in s.
func buildIndex(s *Snapshot) *index {
	idx := &index{
		byName: map[string][]string{}, supers: map[string][]string{}, superCls: map[string]string{},
		ancestors: map[string][]string{}, libSuper: map[string]bool{}, subs: map[string][]string{},
		methods: map[string][]memberRef{}, fields: map[string][]memberRef{},
		summary: map[string]typeSummary{}, packages: map[string]bool{},
		libOwn: map[string]bool{}, consults: map[string][]string{}, pkgFiles: map[string]int{},
	}
	for _, f := range s.Files {
		idx.declared += len(f.Types)
		if len(f.Types) > 0 {
			idx.packages[f.Package] = true
			idx.pkgFiles[f.Package]++
		}
	}
	ids := s.Types()
	for _, id := range ids {
		t := s.Type(id)
		idx.byName[t.Name] = append(idx.byName[t.Name], id)
		for i, m := range t.Members {
			switch m.Kind {
			case KindMethod:
				idx.methods[m.Name] = append(idx.methods[m.Name], memberRef{id, i})
			case KindField:
				idx.fields[m.Name] = append(idx.fields[m.Name], memberRef{id, i})
			}
		}
	}
	// Supertypes are resolved in the declaring file's scope. Resolving a name may need the
	// supertypes of enclosing types (inherited member types), hence the memo with a guard.
	b := newSupersBuilder(idx, s)
	b.supers, b.superCls, b.libOwn, b.consults = idx.supers, idx.superCls, idx.libOwn, idx.consults
	for _, id := range ids {
		b.supersOf(id)
	}
	idx.cyclic = b.cyclic
	for _, id := range ids {
		for _, sup := range idx.supers[id] {
			idx.subs[sup] = append(idx.subs[sup], id)
		}
	}
	for _, id := range ids {
		idx.ancestors[id] = idx.walkAncestors(id)
		idx.libSuper[id] = idx.inheritsLib(id)
	}
	for _, id := range ids {
		sort.Strings(idx.subs[id])
	}
	for _, id := range ids {
		idx.summary[id] = idx.summarize(s.Type(id))
	}
	return idx
}

// inheritsLib reports whether id or one of its ancestors names a non-project supertype.
// ancestors must be up to date for id.
func (idx *index) inheritsLib(id string) bool {
	if idx.libOwn[id] {
		return true
	}
	for _, a := range idx.ancestors[id] {
		if idx.libOwn[a] {
			return true
		}
	}
	return false
}

// summarize is the summary of t; ancestors, libSuper and subs must be up to date for t.
func (idx *index) summarize(t *Type) typeSummary {
	var lib []string
	for _, written := range append(append([]string{}, t.Extends...), t.Implements...) {
		if simple := LibraryTypeName(written); !resolvesInProject(idx.supers[t.ID], simple) {
			lib = append(lib, simple)
		}
	}
	return typeSummary{kind: t.Kind, outer: t.Outer, ancestors: strings.Join(idx.ancestors[t.ID], ","),
		lib: idx.libSuper[t.ID], libNames: strings.Join(lib, ","), subs: strings.Join(idx.subs[t.ID], ","),
		generics: genericsSummary(t)}
}

// walkAncestors lists the project ancestors of id breadth first: the superclass chain
// comes before interfaces at each level, so the first declaration found is the nearest.
func (idx *index) walkAncestors(id string) []string {
	var out []string
	seen := map[string]bool{id: true}
	// Superclass chain first: a class method wins over an interface default.
	for c := idx.superCls[id]; c != "" && !seen[c]; c = idx.superCls[c] {
		seen[c] = true
		out = append(out, c)
	}
	queue := append([]string{id}, out...)
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, sup := range idx.supers[cur] {
			if !seen[sup] {
				seen[sup] = true
				out = append(out, sup)
				queue = append(queue, sup)
			}
		}
	}
	return out
}

// supersBuilder resolves the written supertypes of types once each. In a full build it
// resolves every type and writes into the index's own maps; in an incremental one (redo set)
// it resolves only the types in redo, reads the stored supertypes of every other type from
// stored, and writes into fresh maps.
type supersBuilder struct {
	idx    *index // byName and packages, to resolve names
	s      *Snapshot
	state  map[string]int // 1 = resolving, 2 = done
	redo   map[string]bool
	stored *index
	cyclic bool // a type's resolution needed its own supertypes, directly or through others

	supers   map[string][]string
	superCls map[string]string
	libOwn   map[string]bool
	consults map[string][]string
}

func newSupersBuilder(idx *index, s *Snapshot) *supersBuilder {
	return &supersBuilder{idx: idx, s: s, state: map[string]int{}, supers: map[string][]string{},
		superCls: map[string]string{}, libOwn: map[string]bool{}, consults: map[string][]string{}}
}

func (b *supersBuilder) supersOf(id string) []string {
	if b.redo != nil && !b.redo[id] {
		return b.stored.supers[id]
	}
	switch b.state[id] {
	case 1:
		b.cyclic = true
		return nil // a cycle through member-type lookups: stop here
	case 2:
		return b.supers[id]
	}
	b.state[id] = 1
	t := b.s.Type(id)
	f := b.s.FileOf(id)
	if t == nil || f == nil {
		b.state[id] = 2
		return nil
	}
	// Record whose supertypes the resolution reads: an incremental update resolves this type
	// again when one of those changes.
	var consulted []string
	look := func(u string) []string {
		if !hasString(consulted, u) {
			consulted = append(consulted, u)
		}
		return b.supersOf(u)
	}
	names := t.SupertypeNames()
	var out []string
	lib := implicitLibSuper[t.Kind]
	for i, n := range names {
		// Supertypes are named in the scope of the enclosing type (a type does not see its
		// own member types in its header), so resolve from the outer type.
		r := resolveTypeName(b.s, b.idx, look, f, t.Outer, n, nil)
		if (len(r.ids) == 0 || r.wide) && n != "Object" {
			lib = true // outside the project, or perhaps (see typeResult.wide)
		}
		if len(r.ids) == 0 {
			continue
		}
		for _, sid := range r.ids {
			if sid == id || hasString(out, sid) {
				continue
			}
			out = append(out, sid)
			if i == 0 && len(t.Extends) > 0 && t.Kind == "class" && b.superCls[id] == "" {
				b.superCls[id] = sid
			}
		}
	}
	b.supers[id] = out
	if lib {
		b.libOwn[id] = true
	}
	if len(consulted) > 0 {
		b.consults[id] = consulted
	}
	b.state[id] = 2
	return out
}

// allSubtypes lists every project subtype of id, transitively, sorted.
func (idx *index) allSubtypes(id string) []string {
	var out []string
	seen := map[string]bool{id: true}
	queue := []string{id}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, sub := range idx.subs[cur] {
			if !seen[sub] {
				seen[sub] = true
				out = append(out, sub)
				queue = append(queue, sub)
			}
		}
	}
	sort.Strings(out)
	return out
}

// typeOfMember returns the type id part of a member id ("a.B#m()" → "a.B").
func typeOfMember(id string) string {
	if i := strings.IndexByte(id, '#'); i >= 0 {
		return id[:i]
	}
	return id
}
