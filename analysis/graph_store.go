package analysis

import (
	"slices"
	"strings"
)

// edgeRec is an edge as stored: the edge, held by the file graph that contributed it
// (whose edges never change once resolved), plus that file's path, so that an update can
// take out exactly one file's edges. Pointing at the file graph's copy keeps a record at
// 24 bytes: a project has hundreds of thousands of edges, each in two stores.
type edgeRec struct {
	*Edge
	src string
}

// storeShards is the number of shards of an edgeStore; an update copies only the shards
// whose keys it touches, so more shards make updates cheaper and the copy of the shard
// table (a few kilobytes) is the floor.
const storeShards = 4096

// edgeStore maps node ids to edge records. It is persistent: with never changes the
// receiver, it returns a store that shares every untouched shard and slice.
type edgeStore struct {
	shards [storeShards]map[string][]edgeRec
}

func shardOf(id string) int {
	h := uint32(2166136261)
	for i := 0; i < len(id); i++ {
		h ^= uint32(id[i])
		h *= 16777619
	}
	return int(h % storeShards)
}

func (st *edgeStore) get(id string) []edgeRec {
	m := st.shards[shardOf(id)]
	if m == nil {
		return nil
	}
	return m[id]
}

// storeBuilder fills a fresh store; only for building, never on a shared store.
type storeBuilder struct{ st *edgeStore }

func newStoreBuilder() storeBuilder { return storeBuilder{st: &edgeStore{}} }

func (b storeBuilder) add(key string, rec edgeRec) {
	i := shardOf(key)
	if b.st.shards[i] == nil {
		b.st.shards[i] = map[string][]edgeRec{}
	}
	b.st.shards[i][key] = append(b.st.shards[i][key], rec)
}

// sortRecs orders records by compareRecs.
func sortRecs(recs []edgeRec) {
	// Records of one file come in the file's edge order: check before sorting.
	if !slices.IsSortedFunc(recs, compareRecs) {
		slices.SortFunc(recs, compareRecs)
	}
}

// mergeRecs merges two ordered record lists into one ordered list.
func mergeRecs(a, b []edgeRec) []edgeRec {
	if len(b) == 0 {
		return a
	}
	out := make([]edgeRec, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if compareRecs(b[0], a[0]) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// compareRecs is the order of a key's records: by contributing file, then by edge (the
// order of the file's own edges). Building a store adds the files in path order, so its
// records need no sorting, and walks over a built and an updated store visit neighbours
// in the same order.
func compareRecs(a, b edgeRec) int {
	if c := strings.Compare(a.src, b.src); c != 0 || a.Edge == b.Edge {
		return c
	}
	return compareEdges(*a.Edge, *b.Edge)
}

// storeDelta is a set of removals and additions keyed by node id.
type storeDelta struct {
	remove map[string]map[string]bool // key → contributing paths whose records go
	add    map[string][]edgeRec
}

func newStoreDelta() *storeDelta {
	return &storeDelta{remove: map[string]map[string]bool{}, add: map[string][]edgeRec{}}
}

func (d *storeDelta) drop(key, src string) {
	if d.remove[key] == nil {
		d.remove[key] = map[string]bool{}
	}
	d.remove[key][src] = true
}

// with returns a new store with the delta applied; st is not modified.
func (st *edgeStore) with(d *storeDelta) *edgeStore {
	out := &edgeStore{shards: st.shards}
	cloned := map[int]bool{}
	touch := func(key string) map[string][]edgeRec {
		i := shardOf(key)
		if !cloned[i] {
			m := make(map[string][]edgeRec, len(st.shards[i])+1)
			for k, v := range st.shards[i] {
				m[k] = v
			}
			out.shards[i] = m
			cloned[i] = true
		}
		return out.shards[i]
	}
	keys := map[string]bool{}
	for k := range d.remove {
		keys[k] = true
	}
	for k := range d.add {
		keys[k] = true
	}
	for key := range keys {
		m := touch(key)
		old := m[key]
		drop := d.remove[key]
		kept := make([]edgeRec, 0, len(old))
		for _, rec := range old {
			if !drop[rec.src] {
				kept = append(kept, rec)
			}
		}
		// The kept records are in order already: sort only the added ones and merge, so a
		// hub with thousands of callers costs a pass, not a sort, per edit.
		added := slices.Clone(d.add[key])
		sortRecs(added)
		next := mergeRecs(kept, added)
		if len(next) == 0 {
			delete(m, key)
		} else {
			m[key] = next
		}
	}
	return out
}
