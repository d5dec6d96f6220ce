package analysis

import (
	"maps"
	"slices"
	"sort"
)

// maxDeltaFiles bounds the number of changed files deriveIndex takes on; past it (a branch
// switch, a mass rename) rebuilding the index is as cheap and simpler.
const maxDeltaFiles = 256

// indexChange tells diffIndexes where to look after an incremental derivation.
type indexChange struct {
	types    map[string]bool // every type whose summary may differ (added, removed, re-derived)
	packages []string        // packages that appeared or vanished
}

// deriveIndex returns the index of cur, a snapshot that differs from prev (whose index is
// old) in the files at changed, without rebuilding it: it takes out what the changed files'
// old versions contributed, adds their new versions, resolves again the supertypes of the
// types whose resolution may read what changed, and recomputes ancestors, subtypes and
// summaries for the types those reach. old is not modified; maps the edit does not touch
// are shared with it. The result is exactly what buildIndex(cur) would build.
//
// It reports false (the caller must rebuild) when that cannot be guaranteed cheaply: the
// old index met a supertype cycle (its results depend on resolution order), a type id is
// declared twice (which declaration a snapshot picks is arbitrary), the new supertypes
// form a cycle, or too many files changed.
func deriveIndex(old *index, prev, cur *Snapshot, changed map[string]bool) (*index, *indexChange, bool) {
	if old.cyclic || old.declared != len(old.summary) || len(changed) > maxDeltaFiles {
		return nil, nil, false
	}
	d := &indexDelta{old: old, prev: prev, cur: cur, changed: changed}
	if !d.collectTypes() {
		return nil, nil, false
	}
	idx := &index{declared: old.declared}
	for p := range changed {
		if f := prev.Files[p]; f != nil {
			idx.declared -= len(f.Types)
		}
		if f := cur.Files[p]; f != nil {
			idx.declared += len(f.Types)
		}
	}
	idx.pkgFiles, idx.packages = d.packages()
	idx.byName = d.byName()
	idx.methods = d.members(old.methods, KindMethod)
	idx.fields = d.members(old.fields, KindField)
	if !d.resolveSupers(idx) {
		return nil, nil, false
	}
	d.hierarchy(idx)
	if idx.declared != len(idx.summary) {
		return nil, nil, false // cannot happen after collectTypes; a rebuild is the safe answer
	}
	return idx, &indexChange{types: d.touched, packages: d.pkgChanged}, true
}

// indexDelta is the working state of one deriveIndex call.
type indexDelta struct {
	old       *index
	prev, cur *Snapshot
	changed   map[string]bool

	oldTypes, newTypes map[string]*Type // the changed files' types, before and after
	changedTypes       map[string]bool  // ids of either
	added, removed     map[string]bool  // type ids that appeared or vanished

	pkgChanged   []string
	namesChanged map[string]bool // simple names whose byName entry changed

	redo       map[string]bool // types whose supertypes are resolved again
	res        *supersBuilder  // the last resolution pass
	supChanged map[string]bool // types whose supers, superclass or own library flag changed
	touched    map[string]bool // types whose summary may differ
}

// collectTypes gathers the types of the changed files' old and new versions. It gives up
// when a changed file declares an id twice or an id another file declares too (the
// snapshot's choice is arbitrary), which includes a type moving to or from a file that is
// not among the changed ones.
func (d *indexDelta) collectTypes() bool {
	d.oldTypes, d.newTypes = map[string]*Type{}, map[string]*Type{}
	d.added, d.removed = map[string]bool{}, map[string]bool{}
	owned := func(s *Snapshot, f *File) bool { // f is a changed file's version in s (or nil)
		return f == nil || (d.changed[f.Path] && s.Files[f.Path] == f)
	}
	collect := func(from, other *Snapshot, f *File, into map[string]*Type) bool {
		if f == nil {
			return true
		}
		for _, t := range f.Types {
			if from.Type(t.ID) != t || from.FileOf(t.ID) != f || !owned(other, other.FileOf(t.ID)) {
				return false
			}
			into[t.ID] = t
		}
		return true
	}
	for p := range d.changed {
		if !collect(d.prev, d.cur, d.prev.Files[p], d.oldTypes) || !collect(d.cur, d.prev, d.cur.Files[p], d.newTypes) {
			return false
		}
	}
	for id := range d.oldTypes {
		if d.newTypes[id] == nil {
			d.removed[id] = true
		}
	}
	for id := range d.newTypes {
		if d.oldTypes[id] == nil {
			d.added[id] = true
		}
	}
	d.changedTypes = map[string]bool{}
	for id := range d.oldTypes {
		d.changedTypes[id] = true
	}
	for id := range d.newTypes {
		d.changedTypes[id] = true
	}
	d.touched = maps.Clone(d.changedTypes)
	return true
}

// packages updates the count of type-declaring files per package.
func (d *indexDelta) packages() (map[string]int, map[string]bool) {
	counts := cowMap[int]{m: d.old.pkgFiles}
	for p := range d.changed {
		if f := d.prev.Files[p]; f != nil && len(f.Types) > 0 {
			if n := counts.m[f.Package] - 1; n > 0 {
				counts.set(f.Package, n)
			} else {
				counts.del(f.Package)
			}
		}
		if f := d.cur.Files[p]; f != nil && len(f.Types) > 0 {
			counts.set(f.Package, counts.m[f.Package]+1)
		}
	}
	pkgs := cowMap[bool]{m: d.old.packages}
	seen := map[string]bool{}
	for p := range d.changed {
		for _, f := range []*File{d.prev.Files[p], d.cur.Files[p]} {
			if f == nil || seen[f.Package] {
				continue
			}
			seen[f.Package] = true
			was, is := d.old.packages[f.Package], counts.m[f.Package] > 0
			switch {
			case was && !is:
				pkgs.del(f.Package)
			case is && !was:
				pkgs.set(f.Package, true)
			default:
				continue
			}
			d.pkgChanged = append(d.pkgChanged, f.Package)
		}
	}
	sort.Strings(d.pkgChanged)
	return counts.m, pkgs.m
}

// isChangedType reports whether id is declared by a changed file, before or after.
func (d *indexDelta) isChangedType(id string) bool {
	return d.changedTypes[id]
}

// byName re-files the changed files' types under their simple names.
func (d *indexDelta) byName() map[string][]string {
	add := map[string][]string{}
	for _, t := range d.oldTypes {
		if add[t.Name] == nil {
			add[t.Name] = []string{}
		}
	}
	for id, t := range d.newTypes {
		add[t.Name] = append(add[t.Name], id)
	}
	out := cowMap[[]string]{m: d.old.byName}
	d.namesChanged = map[string]bool{}
	for name, ids := range add {
		var next []string
		for _, id := range d.old.byName[name] {
			if !d.isChangedType(id) {
				next = append(next, id)
			}
		}
		next = append(next, ids...)
		sort.Strings(next)
		if slices.Equal(next, d.old.byName[name]) {
			continue
		}
		d.namesChanged[name] = true
		if len(next) == 0 {
			out.del(name)
		} else {
			out.set(name, next)
		}
	}
	return out.m
}

// members re-files the changed files' members of one kind under their names, in the order
// buildIndex gives (type id, then position). Names whose refs of the changed types are
// the same before and after keep their slice.
func (d *indexDelta) members(old map[string][]memberRef, kind MemberKind) map[string][]memberRef {
	refs := func(types map[string]*Type) map[string][]memberRef {
		out := map[string][]memberRef{}
		for id, t := range types {
			for i, m := range t.Members {
				if m.Kind == kind {
					out[m.Name] = append(out[m.Name], memberRef{id, i})
				}
			}
		}
		for _, list := range out {
			sortRefs(list)
		}
		return out
	}
	before, after := refs(d.oldTypes), refs(d.newTypes)
	out := cowMap[[]memberRef]{m: old}
	apply := func(name string) {
		if slices.Equal(before[name], after[name]) {
			return
		}
		next := d.spliceRefs(old[name], after[name])
		if len(next) == 0 {
			out.del(name)
		} else {
			out.set(name, next)
		}
	}
	for name := range before {
		apply(name)
	}
	for name := range after {
		if _, done := before[name]; !done {
			apply(name)
		}
	}
	return out.m
}

// spliceRefs returns list (sorted by type, then position) without the refs of changed
// types and with add (sorted, only changed types) merged in.
func (d *indexDelta) spliceRefs(list, add []memberRef) []memberRef {
	out := make([]memberRef, 0, len(list)+len(add))
	for _, r := range list {
		if d.isChangedType(r.typ) {
			continue
		}
		for len(add) > 0 && refLess(add[0], r) {
			out = append(out, add[0])
			add = add[1:]
		}
		out = append(out, r)
	}
	return append(out, add...)
}

func refLess(a, b memberRef) bool {
	if a.typ != b.typ {
		return a.typ < b.typ
	}
	return a.i < b.i
}

func sortRefs(list []memberRef) {
	sort.Slice(list, func(i, j int) bool { return refLess(list[i], list[j]) })
}

// resolveSupers resolves again the supertypes of every type whose resolution may give a
// different answer, and stores supers, superCls, libOwn and consults in idx.
//
// Resolving a type's written supertype names reads (see resolveTypeName): its own file
// (package, imports, enclosing types), whether ids ending in one of the names' segments
// exist, byName under those segments, whether its on-demand imports name packages or
// types, and the supertypes of the types recorded in consults. So a type outside the
// changed files needs resolving again only when a type whose id ends in one of its
// segments appeared or vanished, an on-demand import's package or type appeared or
// vanished, or a type it consulted got other supertypes; the last is followed to a
// fixpoint.
func (d *indexDelta) resolveSupers(idx *index) bool {
	d.redo = map[string]bool{}
	for id := range d.newTypes {
		d.redo[id] = true
	}
	d.markExistenceReaders()
	for {
		b := newSupersBuilder(idx, d.cur)
		b.redo, b.stored = d.redo, d.old
		ids := make([]string, 0, len(d.redo))
		for id := range d.redo {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			b.supersOf(id)
		}
		if b.cyclic {
			return false
		}
		d.res = b
		// Types outside redo that consulted a type whose supertypes changed read something
		// stale: resolve them too, and resolve the whole set again.
		moved := map[string]bool{}
		for id := range d.removed {
			moved[id] = true
		}
		for _, id := range ids {
			if !slices.Equal(b.supers[id], d.old.supers[id]) {
				moved[id] = true
			}
		}
		grew := false
		for id, list := range d.old.consults {
			if d.redo[id] || d.isChangedType(id) {
				continue
			}
			for _, u := range list {
				if moved[u] {
					d.redo[id] = true
					grew = true
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	if d.consultCycle() {
		return false
	}
	supers := cowMap[[]string]{m: d.old.supers}
	superCls := cowMap[string]{m: d.old.superCls}
	libOwn := cowMap[bool]{m: d.old.libOwn}
	consults := cowMap[[]string]{m: d.old.consults}
	d.supChanged = map[string]bool{}
	for id := range d.removed {
		supers.del(id)
		superCls.del(id)
		libOwn.del(id)
		consults.del(id)
	}
	b := d.res
	for id := range d.redo {
		prev, had := d.old.supers[id]
		if !had || !slices.Equal(prev, b.supers[id]) {
			supers.set(id, b.supers[id])
			d.supChanged[id] = true
		}
		if sc := b.superCls[id]; sc != d.old.superCls[id] {
			if sc == "" {
				superCls.del(id)
			} else {
				superCls.set(id, sc)
			}
			d.supChanged[id] = true
		}
		if lib := b.libOwn[id]; lib != d.old.libOwn[id] {
			if lib {
				libOwn.set(id, true)
			} else {
				libOwn.del(id)
			}
			d.supChanged[id] = true
		}
		if c := b.consults[id]; !slices.Equal(c, d.old.consults[id]) {
			if len(c) == 0 {
				consults.del(id)
			} else {
				consults.set(id, c)
			}
		}
	}
	idx.supers, idx.superCls, idx.libOwn, idx.consults = supers.m, superCls.m, libOwn.m, consults.m
	return true
}

// markExistenceReaders adds to redo the types outside the changed files whose supertype
// resolution may read a type or package that appeared or vanished: those that write a
// segment equal to the simple name of such a type (or to a name whose byName entry
// changed), and those whose file imports on demand from such a package or type (this only
// decides whether a missing name is a library type, which the supertypes do not keep, but
// it is cheap to be safe).
func (d *indexDelta) markExistenceReaders() {
	if len(d.added)+len(d.removed)+len(d.pkgChanged)+len(d.namesChanged) == 0 {
		return
	}
	names := map[string]bool{}
	for n := range d.namesChanged {
		names[n] = true
	}
	scopes := map[string]bool{} // names an on-demand import may denote
	for _, p := range d.pkgChanged {
		scopes[p] = true
	}
	for _, set := range []map[string]bool{d.added, d.removed} {
		for id := range set {
			names[lastSegment(id)] = true
			scopes[id] = true
		}
	}
	for p, f := range d.cur.Files {
		if d.changed[p] {
			continue
		}
		demand := false
		for _, imp := range f.Imports {
			if imp.OnDemand && scopes[imp.Name] {
				demand = true
			}
		}
		for _, t := range f.Types {
			if len(t.Extends)+len(t.Implements) == 0 {
				continue
			}
			if demand || writesAny(t.Extends, names) || writesAny(t.Implements, names) {
				d.redo[t.ID] = true
			}
		}
	}
}

// writesAny reports whether one of the written type names has an identifier segment in
// names. Anything that is not an ASCII letter, digit, '_' or '$' separates segments, so
// dots, array brackets and any leftover type arguments all split.
func writesAny(written []string, names map[string]bool) bool {
	for _, w := range written {
		start := 0
		for i := 0; i <= len(w); i++ {
			if i < len(w) && identByte(w[i]) {
				continue
			}
			if i > start && names[w[start:i]] {
				return true
			}
			start = i + 1
		}
	}
	return false
}

func identByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c >= 0x80
}

// consultCycle reports whether the new consult graph (fresh for redo, stored otherwise)
// has a cycle through a resolved type. The old graph had none (old.cyclic is false), so
// every new cycle passes through redo; a full build would meet it and give
// order-dependent results, which an incremental pass cannot reproduce.
func (d *indexDelta) consultCycle() bool {
	edges := func(id string) []string {
		if d.redo[id] {
			return d.res.consults[id]
		}
		if d.removed[id] {
			return nil
		}
		return d.old.consults[id]
	}
	state := map[string]int{} // 1 = on the path, 2 = done
	var visit func(id string) bool
	visit = func(id string) bool {
		switch state[id] {
		case 1:
			return true
		case 2:
			return false
		}
		state[id] = 1
		for _, u := range edges(id) {
			if visit(u) {
				return true
			}
		}
		state[id] = 2
		return false
	}
	for id := range d.redo {
		if visit(id) {
			return true
		}
	}
	return false
}

// hierarchy updates subtypes, then ancestors and library flags of every type below a type
// whose supertypes changed, then the summaries of every type any of that touched.
func (d *indexDelta) hierarchy(idx *index) {
	subs := cowMap[[]string]{m: d.old.subs}
	subsChanged := map[string]bool{}
	for _, set := range []map[string]bool{d.supChanged, d.removed} {
		for id := range set {
			before, after := d.old.supers[id], idx.supers[id]
			for _, sup := range before {
				if !hasString(after, sup) {
					subs.set(sup, removeString(subs.m[sup], id))
					subsChanged[sup] = true
				}
			}
			for _, sup := range after {
				if !hasString(before, sup) {
					subs.set(sup, insertSorted(subs.m[sup], id))
					subsChanged[sup] = true
				}
			}
		}
	}
	for sup := range subsChanged {
		if len(subs.m[sup]) == 0 {
			subs.del(sup)
		}
	}
	for id := range d.removed {
		subs.del(id) // its subtypes named it, so they were resolved again and dropped it
	}
	idx.subs = subs.m

	// Ancestors follow supers and superCls up; a change reaches every type below it.
	below := map[string]bool{}
	for id := range d.supChanged {
		if d.cur.Type(id) == nil || below[id] {
			continue
		}
		below[id] = true
		for _, sub := range idx.allSubtypes(id) {
			below[sub] = true
		}
	}
	ancestors := cowMap[[]string]{m: d.old.ancestors}
	lib := cowMap[bool]{m: d.old.libSuper}
	for id := range d.removed {
		ancestors.del(id)
		lib.del(id)
	}
	for id := range below {
		if a, had := d.old.ancestors[id]; !had || !slices.Equal(a, idx.walkAncestors(id)) {
			ancestors.set(id, idx.walkAncestors(id))
		}
	}
	idx.ancestors = ancestors.m // inheritsLib reads the new ancestors
	for id := range below {
		if l, had := d.old.libSuper[id]; !had || l != idx.inheritsLib(id) {
			lib.set(id, idx.inheritsLib(id))
		}
	}
	idx.libSuper = lib.m

	for id := range below {
		d.touched[id] = true
	}
	for id := range subsChanged {
		d.touched[id] = true
	}
	summary := cowMap[typeSummary]{m: d.old.summary}
	for id := range d.touched {
		t := d.cur.Type(id)
		if t == nil {
			summary.del(id)
			continue
		}
		if sm := idx.summarize(t); sm != d.old.summary[id] {
			summary.set(id, sm)
		} else if _, had := d.old.summary[id]; !had {
			summary.set(id, sm)
		}
	}
	idx.summary = summary.m
}

func removeString(list []string, s string) []string {
	out := make([]string, 0, len(list))
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// insertSorted returns a new sorted list with s added to the sorted list.
func insertSorted(list []string, s string) []string {
	i := sort.SearchStrings(list, s)
	out := make([]string, 0, len(list)+1)
	out = append(out, list[:i]...)
	out = append(out, s)
	return append(out, list[i:]...)
}

// cowMap is a map shared with an older index until the first write, which copies it.
type cowMap[V any] struct {
	m     map[string]V
	owned bool
}

func (c *cowMap[V]) own() {
	if !c.owned {
		c.m = maps.Clone(c.m)
		if c.m == nil {
			c.m = map[string]V{}
		}
		c.owned = true
	}
}

func (c *cowMap[V]) set(k string, v V) {
	c.own()
	c.m[k] = v
}

func (c *cowMap[V]) del(k string) {
	if _, ok := c.m[k]; ok {
		c.own()
		delete(c.m, k)
	}
}
