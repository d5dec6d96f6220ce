package analysis

import (
	"slices"
	"sync"
)

// Reached is the outcome of a reverse walk from changed nodes: every node that can reach
// one of them, each with the next node on a shortest path toward a change. Chains are made
// only when asked for, so a walk that reaches most of a large graph stays cheap.
//
// Some nodes reach a change only through an instance member of a type declared in the test
// sources: such a member runs on an object of that type, which only code that sees the
// type can create. Those nodes are guarded by the type: a test reaches the change through
// them only if its class can create such an object (In). Production code dispatching to
// the hundreds of functions, models and fakes that tests declare no longer joins every test
// of the project to each of them.
type Reached struct {
	g     *Graph
	ids   *nodeIDs
	next  []int32         // by node number: next node toward a change, -1 at a change, -2 unreached
	alone map[string]bool // changed ids the graph does not hold: they reach only themselves
	n     int
	// guarded holds the nodes reached only through members of test-declared types, with
	// the guarding types and the next node toward the change under each.
	guarded map[int32][]guard

	table    *guardTable // the graph's: guards name their files by number in it
	mu       sync.Mutex
	creators map[uint16]map[string]bool // guarding test file → files whose code may create its types
}

// guard is one way a node reaches a change: through an instance member of a type declared
// in a test source file (numbered as in guardTable), next being the next node on that path.
type guard struct {
	file uint16
	next int32
}

// maxGuards bounds the guarding types kept per node; past it the node counts as reached
// by every test, which is the safe direction.
const maxGuards = 16

// ReachFrom walks the reverse edges from the changed node ids. Ids not in the graph reach
// only themselves.
func (g *Graph) ReachFrom(changed []string) *Reached {
	c := g.callers
	r := &Reached{g: g, ids: c.ids, alone: map[string]bool{}}
	var starts []int32
	for _, id := range changed {
		if n, ok := c.ids.lookup(id); ok && int(n) < len(c.callers) {
			starts = append(starts, n)
		} else {
			r.alone[id] = true
		}
	}
	r.table = g.guardTable()
	r.next, r.guarded = g.guardedWalk(starts, r.table)
	for _, x := range r.next {
		if x != -2 {
			r.n++
		}
	}
	for n := range r.guarded {
		if r.next[n] == -2 {
			r.n++
		}
	}
	r.n += len(r.alone)
	return r
}

// guardTable gives, by node number, the test source file declaring the type whose instance
// method, instance field or instance initializer the node is (see Reached). Guards are kept
// by file: a test file often declares a family of such types (commons-math's MinpackTest
// has twenty functions), which the same code creates.
type guardTable struct {
	file  []uint16 // by node number: 0 for none, else k for files[k-1]
	files []string
}

// at returns the number of node n's guarding file, 0 for none.
func (t *guardTable) at(n int32) uint16 {
	if int(n) < len(t.file) {
		return t.file[n]
	}
	return 0
}

// guardTable returns the graph's table, making it on first use.
func (g *Graph) guardTable() *guardTable {
	g.guards.mu.Lock()
	defer g.guards.mu.Unlock()
	if g.guards.table == nil {
		t := &guardTable{file: make([]uint16, len(g.callers.callers))}
		for path, f := range g.snap.Files {
			t.mark(g.callers.ids, f, path)
		}
		g.guards.table = t
	}
	return g.guards.table
}

// deriveGuards gives ng (updated from g on the changed files) g's table with those files'
// entries redone, when g has one.
func (ng *Graph) deriveGuards(g *Graph, changed map[string]bool) {
	g.guards.mu.Lock()
	prev := g.guards.table
	g.guards.mu.Unlock()
	if prev == nil {
		return
	}
	t := &guardTable{file: make([]uint16, len(ng.callers.callers)), files: slices.Clip(prev.files)}
	copy(t.file, prev.file)
	for p := range changed {
		if old := g.snap.Files[p]; old != nil && old.Test {
			t.forInstanceMembers(ng.callers.ids, old, func(n int32) { t.file[n] = 0 })
		}
		if f := ng.snap.Files[p]; f != nil {
			t.mark(ng.callers.ids, f, p)
		}
	}
	ng.guards.table = t
}

// mark records path as the guarding file of the instance members of f's types, when f is
// in the test sources.
func (t *guardTable) mark(ids *nodeIDs, f *File, path string) {
	if !f.Test || len(f.Types) == 0 {
		return
	}
	k := slices.Index(t.files, path)
	if k < 0 {
		if len(t.files) >= 1<<16-1 {
			return // no room: the file's members stay unguarded, the safe direction
		}
		t.files = append(t.files, path)
		k = len(t.files) - 1
	}
	t.forInstanceMembers(ids, f, func(n int32) { t.file[n] = uint16(k + 1) })
}

// forInstanceMembers calls fn with the node number of every instance method, instance
// field and instance initializer of f's types that has one within the table.
func (t *guardTable) forInstanceMembers(ids *nodeIDs, f *File, fn func(int32)) {
	ids.mu.RLock()
	defer ids.mu.RUnlock()
	for _, ty := range f.Types {
		for _, m := range ty.Members {
			if m.Static() || m.Kind == KindConstructor || m.Kind == KindType {
				continue
			}
			if n, ok := ids.index[m.ID]; ok && int(n) < len(t.file) {
				fn(n)
			}
		}
	}
}

// number returns id's node number when id was reached.
func (r *Reached) number(id string) (int32, bool) {
	n, ok := r.ids.lookup(id)
	if !ok || int(n) >= len(r.next) || r.next[n] == -2 {
		return 0, false
	}
	return n, true
}

// Has reports whether id reaches a change, guarded or not.
func (r *Reached) Has(id string) bool { return r.In(id, nil) }

// Guarded reports whether id reaches a change only through test-declared types.
func (r *Reached) Guarded(id string) bool {
	if r == nil {
		return false
	}
	n, ok := r.ids.lookup(id)
	return ok && r.guarded[n] != nil
}

// In reports whether id reaches a change for a test whose class is declared in one of
// files (its own and its ancestors'; see Graph.TestFiles): unguarded, or through a
// test-declared type that code in those files may create. With no files it is Has.
func (r *Reached) In(id string, files []string) bool {
	if r == nil {
		return false
	}
	if r.alone[id] {
		return true
	}
	if _, ok := r.number(id); ok {
		return true
	}
	n, ok := r.ids.lookup(id)
	if !ok {
		return false
	}
	if files == nil {
		return r.guarded[n] != nil // no test to judge for: every guard may hold
	}
	for _, gd := range r.guarded[n] {
		if r.creatable(gd.file, files) {
			return true
		}
	}
	return false
}

// creatable reports whether code in one of files may create an object of a type the
// guarding file (numbered) declares: reaches one of its constructors (subclasses'
// constructors call them).
func (r *Reached) creatable(file uint16, files []string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.creators == nil {
		r.creators = map[uint16]map[string]bool{}
	}
	in, ok := r.creators[file]
	if !ok {
		in = r.g.creatorFiles(r.table.files[file-1])
		r.creators[file] = in
	}
	for _, f := range files {
		if in[f] {
			return true
		}
	}
	return false
}

// declaredIn reports whether node id belongs to a type declared in file.
func (g *Graph) declaredIn(id, file string) bool {
	f := g.snap.FileOf(typeOfMember(id))
	return f != nil && f.Path == file
}

// creatorFiles returns the files holding code that reaches a constructor of a type declared
// in file (a subclass's constructor calls its superclass's).
func (g *Graph) creatorFiles(file string) map[string]bool {
	f := g.snap.Files[file]
	if f == nil {
		return nil
	}
	var starts []int32
	ctor := func(id string) {
		if n, ok := g.callers.ids.lookup(id); ok && int(n) < len(g.callers.callers) {
			starts = append(starts, n)
		}
	}
	for _, t := range f.Types {
		declared := false
		for _, m := range t.Members {
			if m.Kind == KindConstructor {
				declared = true
				ctor(m.ID)
			}
		}
		if !declared {
			ctor(implicitConstructor(t))
		}
	}
	out := map[string]bool{}
	for n, x := range g.callers.walk(starts) {
		if x == -2 {
			continue
		}
		if f := g.snap.FileOf(typeOfMember(g.callers.ids.name(int32(n)))); f != nil {
			out[f.Path] = true
		}
	}
	return out
}

// TestFiles returns the files that declare the test class id and its project ancestors,
// and for a nested class its enclosing classes, their ancestors and subclasses: the code
// whose objects a test of that class may hold (see Reached.In).
func (g *Graph) TestFiles(id string) []string {
	var out []string
	add := func(typ string) {
		for _, t := range append([]string{typ}, g.idx.ancestors[typ]...) {
			if f := g.snap.FileOf(t); f != nil && !slices.Contains(out, f.Path) {
				out = append(out, f.Path)
			}
		}
	}
	// A nested test class (JUnit 5's @Nested) runs with an instance of its enclosing class,
	// which for a nested class an abstract test declares is an instance of any concrete
	// subclass of it (commons-collections' AbstractMapTest.MapEntrySetTest calls the outer
	// makeObject() every concrete map test overrides): their code runs for the test too.
	// Such a subclass may be nested itself (AbstractMultiValuedMapTest.MultiValuedMapKeysTest
	// extends AbstractMultiSetTest), with an enclosing instance of its own.
	seen := map[string]bool{id: true}
	for work := []string{id}; len(work) > 0; {
		typ := work[0]
		work = work[1:]
		add(typ)
		t := g.snap.Type(typ)
		if t == nil || t.Outer == "" {
			continue
		}
		for _, x := range append([]string{t.Outer}, g.idx.allSubtypes(t.Outer)...) {
			if !seen[x] {
				seen[x] = true
				work = append(work, x)
			}
		}
	}
	return out
}

// Len is the number of nodes reached, the changed ones included.
func (r *Reached) Len() int {
	if r == nil {
		return 0
	}
	return r.n
}

// Chain returns the shortest chain [id, ..., changed id] following dependency edges, or nil
// when id reaches no change. A guarded node's chain goes through its first guarding type.
func (r *Reached) Chain(id string) []string {
	return r.ChainIn(id, nil)
}

// ChainIn is Chain for a test declared in files (see In): a guarded node's chain goes
// through a guarding type code in files may create, if there is one.
func (r *Reached) ChainIn(id string, files []string) []string {
	if r == nil {
		return nil
	}
	if r.alone[id] {
		return []string{id}
	}
	n, ok := r.ids.lookup(id)
	if !ok || int(n) >= len(r.next) {
		return nil
	}
	out := []string{id}
	if r.next[n] == -2 {
		guards := r.guarded[n]
		if len(guards) == 0 {
			return nil
		}
		file := guards[0].file
		for _, gd := range guards {
			if files != nil && r.creatable(gd.file, files) {
				file = gd.file
				break
			}
		}
		return r.follow(out, n, file)
	}
	return r.follow(out, n, 0)
}

// follow appends to out the nodes after n on its path toward a change, under the guard
// file where n is guarded (0: the first guard). An unguarded node's next may be guarded: it
// met too many guards (maxGuards) and counts for every test.
func (r *Reached) follow(out []string, n int32, file uint16) []string {
	r.ids.mu.RLock()
	defer r.ids.mu.RUnlock()
	for len(out) <= len(r.next) {
		switch next := r.next[n]; {
		case next == -1:
			return out
		case next >= 0:
			n = next
		default:
			guards := r.guarded[n]
			k := slices.IndexFunc(guards, func(x guard) bool { return x.file == file })
			if k < 0 {
				k = 0
			}
			if len(guards) == 0 {
				return out
			}
			file = guards[k].file
			n = guards[k].next
		}
		out = append(out, r.ids.names[n])
	}
	return out
}

// each calls fn with every reached id, guarded or not.
func (r *Reached) each(fn func(id string)) {
	for n, x := range r.next {
		if x != -2 || r.guarded[int32(n)] != nil {
			fn(r.ids.name(int32(n)))
		}
	}
	for id := range r.alone {
		fn(id)
	}
}

// Reach is ReachFrom with every chain made up front: it maps each reached node to its
// shortest chain [node, ..., changed id].
func (g *Graph) Reach(changed []string) map[string][]string {
	r := g.ReachFrom(changed)
	out := make(map[string][]string, r.Len())
	r.each(func(id string) { out[id] = r.Chain(id) })
	return out
}
