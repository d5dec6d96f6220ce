package analysis

import (
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
)

// Update returns the graph of s, a snapshot that differs from the graph's own in the files
// at changedPaths (edited, added or deleted). Only those files are resolved again, plus,
// when an edit changes what other files may see (a type added or removed, supertypes,
// member signatures, imports), the files whose recorded lookups touched what changed, and
// the files whose dispatch edges carry the line of a declaration that moved. The index is
// derived from g's (deriveIndex) rather than rebuilt, except in the rare cases deriveIndex
// declines. The edges of every other file are shared with g, which is left unchanged; when
// no re-resolved file's edges changed, the result shares g's edge stores (SameEdges).
func (g *Graph) Update(s *Snapshot, changedPaths []string) *Graph {
	for _, p := range changedPaths {
		if !slices.Equal(g.snap.Named[p], s.Named[p]) {
			// A resource names other classes now: the members that load it get other
			// edges (EdgeResource). Rare while typing; resolve everything again.
			return BuildGraph(s)
		}
	}
	changed := map[string]bool{}
	structural := false
	for _, p := range changedPaths {
		if changed[p] {
			continue
		}
		old, nf := g.files[p], s.Files[p]
		if old == nil && nf == nil {
			continue
		}
		changed[p] = true
		if old == nil || nf == nil || fileShape(nf) != old.shape {
			structural = true
		}
	}
	idx := g.idx
	redo := map[string]bool{}
	for p := range changed {
		if s.Files[p] != nil {
			redo[p] = true
		}
	}
	if structural {
		var dirty *deps
		if next, ch, ok := deriveIndex(g.idx, g.snap, s, changed); ok {
			idx = next
			dirty = diffIndexes(g.idx, idx, ch.types, ch.packages, g.snap, s, changed)
		} else {
			// Rare (see deriveIndex): a supertype cycle, a type id declared twice, a mass
			// change. Rebuild the index and compare every type.
			idx = buildIndex(s)
			dirty = diffIndexes(g.idx, idx, allSummaryTypes(g.idx, idx), changedPackages(g.idx, idx), g.snap, s, changed)
		}
		met := dirtyMatcher(dirty)
		for p, fg := range g.files {
			if met(fg.deps) && !changed[p] && s.Files[p] != nil {
				redo[p] = true
			}
		}
	}
	redoForeignLines(g, s, changed, redo)
	fresh := resolveFiles(s, idx, redo)
	ng := &Graph{snap: s, idx: idx, files: make(map[string]*fileGraph, len(g.files)+len(fresh))}
	for p, fg := range g.files {
		if !changed[p] && !redo[p] {
			ng.files[p] = fg
		}
	}
	for _, fg := range fresh {
		ng.files[fg.path] = fg
	}
	if sameEdgesAfter(g, ng, changed, redo) {
		// Typing inside a body without touching calls: keep the stores, so that callers
		// can keep what they computed on them (see SameEdges).
		ng.fwd, ng.rev, ng.callers = g.fwd, g.rev, g.callers
		for _, fg := range fresh {
			if old := g.files[fg.path]; old != nil {
				fg.partial = old.partial // the stores still point where old's did
			}
		}
		ng.deriveGuards(g, changed)
		return ng
	}
	fd, rd := newStoreDelta(), newStoreDelta()
	for p := range changed {
		if old := g.files[p]; old != nil && ng.files[p] == nil {
			dropEdges(fd, rd, old) // deleted
		}
	}
	for _, fg := range fresh {
		old := g.files[fg.path]
		if old != nil && old.partial < maxPartialUpdates {
			fg.partial = old.partial + 1
			keyedDelta(fd, old, fg, func(e *Edge) string { return e.From })
			keyedDelta(rd, old, fg, func(e *Edge) string { return e.To })
			continue
		}
		if old != nil {
			dropEdges(fd, rd, old)
		}
		for i := range fg.edges {
			e := &fg.edges[i]
			fd.add[e.From] = append(fd.add[e.From], edgeRec{e, fg.path})
			rd.add[e.To] = append(rd.add[e.To], edgeRec{e, fg.path})
		}
	}
	ng.fwd, ng.rev = g.fwd.with(fd), g.rev.with(rd)
	touched := make([]string, 0, len(rd.add)+len(rd.remove))
	for key := range rd.add {
		touched = append(touched, key)
	}
	for key := range rd.remove {
		if _, added := rd.add[key]; !added {
			touched = append(touched, key)
		}
	}
	ng.callers = g.callers.with(ng.rev, touched, ng.snap)
	ng.deriveGuards(g, changed)
	return ng
}

// dirtyMatcher returns d.meets(dirty) as a function of d. An edit usually dirties a handful
// of keys, and every file's deps is checked against them: looking those few keys up beats
// ranging over maps, which costs even when they are empty.
func dirtyMatcher(dirty *deps) func(d *deps) bool {
	const few = 64
	if len(dirty.types)+len(dirty.names)+len(dirty.methods)+len(dirty.fields)+len(dirty.subs) > few {
		return func(d *deps) bool { return d.meets(dirty) }
	}
	list := func(m map[string]struct{}) []string {
		out := make([]string, 0, len(m))
		for k := range m {
			out = append(out, k)
		}
		return out
	}
	types, names, methods, fields, subs := list(dirty.types), list(dirty.names), list(dirty.methods), list(dirty.fields), list(dirty.subs)
	hit := func(m map[string]struct{}, keys []string) bool {
		for _, k := range keys {
			if _, ok := m[k]; ok {
				return true
			}
		}
		return false
	}
	return func(d *deps) bool {
		return hit(d.types, types) || hit(d.names, names) || hit(d.methods, methods) || hit(d.fields, fields) || hit(d.subs, subs)
	}
}

// redoForeignLines adds to redo the files holding a dispatch edge whose line is that of a
// declaration in a changed file that moved or vanished: a type that inherits an
// implementation records the implementation's line (overrideEdges), which no recorded
// lookup covers, and even a body edit can shift it.
func redoForeignLines(g *Graph, s *Snapshot, changed, redo map[string]bool) {
	for p := range changed {
		f := g.snap.Files[p]
		if f == nil {
			continue
		}
		for _, t := range f.Types {
			nt := s.Type(t.ID)
			for _, m := range t.Members {
				if nt != nil {
					if nm := nt.Member(m.ID); nm != nil && nm.Line == m.Line {
						continue
					}
				}
				for _, rec := range g.rev.get(m.ID) {
					if rec.Kind == EdgeDispatch && !changed[rec.src] && s.Files[rec.src] != nil {
						redo[rec.src] = true
					}
				}
			}
		}
	}
}

// maxPartialUpdates bounds how many keyed updates in a row a file gets (see keyedDelta).
// Records a keyed update leaves alone keep pointing into an older resolution's edges,
// which stay in memory; every so often all of the file's records are replaced.
const maxPartialUpdates = 8

// keyedDelta adds to d what replacing old's edges by fg's changes in the store keyed by key
// (From for the forward store, To for the reverse one): only the keys under which the
// file's edges differ are dropped and added again. A body edit changes the edges of one
// member, and a file's edges reach thousands of keys, hubs with thousands of records
// among them: updating only what changed keeps an edit's cost independent of them.
func keyedDelta(d *storeDelta, old, fg *fileGraph, key func(*Edge) string) {
	group := func(edges []Edge) map[string][]*Edge {
		m := make(map[string][]*Edge, len(edges)/2)
		for i := range edges {
			e := &edges[i]
			m[key(e)] = append(m[key(e)], e)
		}
		return m
	}
	before, after := group(old.edges), group(fg.edges)
	same := func(a, b []*Edge) bool {
		return slices.EqualFunc(a, b, func(x, y *Edge) bool { return *x == *y })
	}
	for k, olds := range before {
		if news := after[k]; !same(olds, news) {
			d.drop(k, fg.path)
			for _, e := range news {
				d.add[k] = append(d.add[k], edgeRec{e, fg.path})
			}
		}
	}
	for k, news := range after {
		if _, ok := before[k]; ok {
			continue
		}
		for _, e := range news {
			d.add[k] = append(d.add[k], edgeRec{e, fg.path})
		}
	}
}

func dropEdges(fd, rd *storeDelta, fg *fileGraph) {
	for _, e := range fg.edges {
		fd.drop(e.From, fg.path)
		rd.drop(e.To, fg.path)
	}
}

// resolveFiles resolves the given files, in parallel when there are many.
func resolveFiles(s *Snapshot, idx *index, paths map[string]bool) []*fileGraph {
	list := make([]string, 0, len(paths))
	for p := range paths {
		list = append(list, p)
	}
	sort.Strings(list)
	out := make([]*fileGraph, len(list))
	if len(list) < 8 {
		for i, p := range list {
			out[i] = resolveFile(s, idx, s.Files[p])
		}
		return out
	}
	s.Type("") // build the snapshot's lazy index before the workers share it
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = resolveFile(s, idx, s.Files[list[i]])
			}
		}()
	}
	for i := range list {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// fileShape hashes what other files can see of f: its package and imports, its types with
// their supertypes, and its members' signatures in order. Two versions of a file with the
// same shape differ only in bodies and initializers, so no other file resolves differently.
func fileShape(f *File) uint64 {
	d := xxhash.New()
	w := func(parts ...string) {
		for _, p := range parts {
			d.WriteString(p)
			d.Write([]byte{0})
		}
	}
	w("pkg", f.Package)
	for _, imp := range f.Imports {
		w("import", imp.Name, strconv.FormatBool(imp.Static), strconv.FormatBool(imp.OnDemand))
	}
	for _, t := range f.Types {
		w("type", t.ID, t.Kind, t.Outer, strings.Join(t.Extends, ","), strings.Join(t.Implements, ","), strings.Join(t.Modifiers, ","),
			genericsSummary(t))
		for _, m := range t.Members {
			w(memberSigKey(m), strconv.FormatBool(m.BodyEnd > m.BodyStart), initKey(t, m))
		}
	}
	return d.Sum64()
}

// memberSigKey is what other files may depend on in one member declaration.
func memberSigKey(m *Member) string {
	key := m.ID + "|" + string(m.Kind) + "|" + m.ReturnType + "|" + m.Access + "|" + strings.Join(m.Modifiers, ",") +
		"|" + strconv.FormatBool(m.Varargs) + "|" + m.StringConst // a constant's value: reflective lookups by it
	for _, p := range m.TypeParams {
		key += "|<" + p.Name + ":" + p.Bound
	}
	return key
}

// diffIndexes finds what an edit made dirty: types whose existence, kind, ancestors,
// library supertypes or subtypes changed; member names added, removed or re-declared in the
// changed files; packages that appeared or vanished. Only the types in ids are compared:
// every other type must have the same summary in both indexes.
func diffIndexes(old, cur *index, ids map[string]bool, pkgs []string, oldSnap, newSnap *Snapshot, changed map[string]bool) *deps {
	dirty := newDeps()
	for id := range ids {
		os, inOld := old.summary[id]
		ns, inNew := cur.summary[id]
		if os.kind == "enum" || ns.kind == "enum" {
			if inOld != inNew || os.kind != ns.kind {
				dirty.method(enumUniverseDep)
			}
		}
		if inOld != inNew {
			dirty.typ(id)
			dirty.name(typeUniverseDep)
			dirty.name(lastSegment(id))
			dirty.name("package:" + id) // on-demand imports of a type's members ("import a.Outer.*")
		}
		if os != ns {
			dirty.typ(id)
		}
		if os.subs != ns.subs || os.ancestors != ns.ancestors {
			dirty.sub(id)
			for _, a := range old.ancestors[id] {
				dirty.sub(a)
			}
			for _, a := range cur.ancestors[id] {
				dirty.sub(a)
			}
		}
	}
	for p := range changed {
		diffFileMembers(oldSnap.Files[p], newSnap.Files[p], dirty)
	}
	for _, p := range pkgs {
		dirty.name("package:" + p)
	}
	return dirty
}

// allSummaryTypes lists every type of either index, for a diff after a full rebuild.
func allSummaryTypes(old, cur *index) map[string]bool {
	ids := make(map[string]bool, len(cur.summary))
	for id := range old.summary {
		ids[id] = true
	}
	for id := range cur.summary {
		ids[id] = true
	}
	return ids
}

// changedPackages lists the packages that hold project types in one index only.
func changedPackages(old, cur *index) []string {
	var out []string
	for p := range old.packages {
		if !cur.packages[p] {
			out = append(out, p)
		}
	}
	for p := range cur.packages {
		if !old.packages[p] {
			out = append(out, p)
		}
	}
	return out
}

// diffFileMembers marks the types of one changed file whose member signatures changed, and
// the names of those members (project-wide name matches may change).
func diffFileMembers(oldF, newF *File, dirty *deps) {
	enums := map[string]bool{}
	sigs := func(f *File) map[string]map[string]*Member {
		out := map[string]map[string]*Member{}
		if f == nil {
			return out
		}
		for _, t := range f.Types {
			m := map[string]*Member{}
			for _, mem := range t.Members {
				// Whether a static field has an initializer, is a constant variable, and
				// whether an enum's constants are isolated, decide the static-init edges of
				// the members that initialize its class.
				m[memberSigKey(mem)+"|"+strconv.FormatBool(isStaticInit(mem))+initKey(t, mem)] = mem
			}
			out[t.ID] = m
			if t.Kind == "enum" {
				enums[t.ID] = true
			}
		}
		return out
	}
	a, b := sigs(oldF), sigs(newF)
	importsChanged := oldF == nil || newF == nil || !sameImports(oldF, newF)
	mark := func(x, y map[string]map[string]*Member) {
		for typ, ms := range x {
			if importsChanged {
				dirty.typ(typ) // return and field types are read in this file's scope
			}
			for key, m := range ms {
				if _, ok := y[typ][key]; ok {
					continue
				}
				dirty.typ(typ)
				if enums[typ] {
					dirty.method(enumUniverseDep)
				}
				switch m.Kind {
				case KindMethod:
					dirty.method(m.Name)
				case KindField:
					dirty.field(m.Name)
				}
			}
		}
	}
	mark(a, b)
	mark(b, a)
}

func sameImports(a, b *File) bool {
	if a.Package != b.Package || len(a.Imports) != len(b.Imports) {
		return false
	}
	for i := range a.Imports {
		if a.Imports[i] != b.Imports[i] {
			return false
		}
	}
	return true
}

// lastSegment returns the simple name of a dotted id.
func lastSegment(id string) string {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[i+1:]
	}
	return id
}
