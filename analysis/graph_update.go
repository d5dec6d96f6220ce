package analysis

import (
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
)

// Update returns the graph of s, a snapshot that differs from the graph's own in the files
// at changedPaths (edited, added or deleted). Only those files are resolved again, plus,
// when an edit changes what other files may see (a type added or removed, supertypes,
// member signatures, imports), the files whose recorded lookups touched what changed. The
// edges of every other file are shared with g, which is left unchanged.
func (g *Graph) Update(s *Snapshot, changedPaths []string) *Graph {
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
		idx = buildIndex(s)
		dirty := diffIndexes(g.idx, idx, g.snap, s, changed)
		for p, fg := range g.files {
			if !changed[p] && s.Files[p] != nil && fg.deps.meets(dirty) {
				redo[p] = true
			}
		}
	}
	fresh := resolveFiles(s, idx, redo)
	ng := &Graph{snap: s, idx: idx, files: make(map[string]*fileGraph, len(g.files)+len(fresh))}
	for p, fg := range g.files {
		if !changed[p] && !redo[p] {
			ng.files[p] = fg
		}
	}
	fd, rd := newStoreDelta(), newStoreDelta()
	for p := range changed {
		if old := g.files[p]; old != nil {
			dropEdges(fd, rd, old)
		}
	}
	for p := range redo {
		if old := g.files[p]; old != nil && !changed[p] {
			dropEdges(fd, rd, old)
		}
	}
	for _, fg := range fresh {
		ng.files[fg.path] = fg
		for _, e := range fg.edges {
			fd.add[e.From] = append(fd.add[e.From], edgeRec{e, fg.path})
			rd.add[e.To] = append(rd.add[e.To], edgeRec{e, fg.path})
		}
	}
	ng.fwd, ng.rev = g.fwd.with(fd), g.rev.with(rd)
	return ng
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
	s.Types() // build the snapshot's lazy index before the workers share it
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
		w("type", t.ID, t.Kind, t.Outer, strings.Join(t.Extends, ","), strings.Join(t.Implements, ","), strings.Join(t.Modifiers, ","))
		for _, m := range t.Members {
			w(memberSigKey(m), strconv.FormatBool(m.BodyEnd > m.BodyStart))
		}
	}
	return d.Sum64()
}

// memberSigKey is what other files may depend on in one member declaration.
func memberSigKey(m *Member) string {
	return m.ID + "|" + string(m.Kind) + "|" + m.ReturnType + "|" + m.Access + "|" + strings.Join(m.Modifiers, ",") +
		"|" + strconv.FormatBool(m.Varargs)
}

// diffIndexes finds what an edit made dirty: types whose existence, kind, ancestors,
// library supertypes or subtypes changed; member names added, removed or re-declared in the
// changed files; packages that appeared or vanished.
func diffIndexes(old, cur *index, oldSnap, newSnap *Snapshot, changed map[string]bool) *deps {
	dirty := newDeps()
	ids := map[string]bool{}
	for id := range old.summary {
		ids[id] = true
	}
	for id := range cur.summary {
		ids[id] = true
	}
	for id := range ids {
		os, inOld := old.summary[id]
		ns, inNew := cur.summary[id]
		if inOld != inNew {
			dirty.typ(id)
			dirty.name(lastSegment(id))
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
	for p := range old.packages {
		if !cur.packages[p] {
			dirty.name("package:" + p)
		}
	}
	for p := range cur.packages {
		if !old.packages[p] {
			dirty.name("package:" + p)
		}
	}
	return dirty
}

// diffFileMembers marks the types of one changed file whose member signatures changed, and
// the names of those members (project-wide name matches may change).
func diffFileMembers(oldF, newF *File, dirty *deps) {
	sigs := func(f *File) map[string]map[string]*Member {
		out := map[string]map[string]*Member{}
		if f == nil {
			return out
		}
		for _, t := range f.Types {
			m := map[string]*Member{}
			for _, mem := range t.Members {
				m[memberSigKey(mem)] = mem
			}
			out[t.ID] = m
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
