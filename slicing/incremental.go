package slicing

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
	"github.com/cespare/xxhash/v2"
)

// Discovery is the outcome of test discovery over one snapshot together with what it was
// derived from (the effect proofs, per-method analyses and class heads), so that Update can
// redo only what an edit changes. A Discovery is immutable once returned; Update builds a
// new one and never changes the receiver's classes.
type Discovery struct {
	Classes []*TestClass

	snap     *analysis.Snapshot
	opts     Options
	proj     *project
	analyses map[string]*methodAnalysis // test member id -> analysis
	heads    map[string][]string        // type id -> head tokens
	errs     []string
}

// DiscoverAll runs a full discovery of s and keeps what Update needs.
func DiscoverAll(s *analysis.Snapshot, read func(rel string) ([]byte, error), opts Options) (*Discovery, error) {
	if s == nil || read == nil {
		return nil, errors.New("slicing: nil snapshot or reader")
	}
	d := &Discovery{snap: s, opts: opts, proj: newProject(s, read, opts),
		analyses: map[string]*methodAnalysis{}, heads: map[string][]string{}}
	for _, rel := range s.SortedPaths() {
		f := s.Files[rel]
		if !f.Test {
			continue
		}
		if err := d.analyze(f); err != nil {
			d.errs = append(d.errs, err.Error())
		}
	}
	for _, rel := range s.SortedPaths() {
		f := s.Files[rel]
		if !f.Test {
			continue
		}
		for _, t := range f.Types {
			if tc := d.proj.buildClass(f, t, d.analyses, d.heads); tc != nil {
				d.Classes = append(d.Classes, tc)
			}
		}
	}
	if len(d.errs) > 0 && len(d.Classes) == 0 {
		return d, errors.New("slicing: " + strings.Join(d.errs, "; "))
	}
	return d, nil
}

// analyze reads one test file and analyses its test methods into d.
func (d *Discovery) analyze(f *analysis.File) error {
	src, err := d.proj.source(f.Path)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	if f.ContentHash != 0 && xxhash.Sum64(src) != f.ContentHash {
		return errors.New(f.Path + ": source changed since it was parsed")
	}
	d.proj.analyzeFile(f, src, d.analyses, d.heads)
	return nil
}

// Snapshot returns the snapshot the classes were discovered in.
func (d *Discovery) Snapshot() *analysis.Snapshot { return d.snap }

// Update returns the discovery of s, a snapshot that differs from d's only in the files at
// changed. When no edit changes what tests exist, how they are declared, which methods
// count as assertion helpers, or the proved effect of any member a slice relied on, only
// the edited test files are analysed again and every other class is shared with d.
// Otherwise it discovers everything again. The second result reports whether the update
// was incremental.
func (d *Discovery) Update(s *analysis.Snapshot, read func(rel string) ([]byte, error), changed []string) (*Discovery, bool, error) {
	paths := map[string]bool{}
	for _, p := range changed {
		if d.snap.Files[p] != s.Files[p] {
			paths[p] = true
		}
	}
	if len(paths) == 0 && read != nil {
		nd := *d
		nd.snap = s
		return &nd, true, nil
	}
	if nd := d.incremental(s, read, paths); nd != nil {
		return nd, true, nil
	}
	nd, err := DiscoverAll(s, read, d.opts)
	return nd, false, err
}

// incremental tries the cheap update; nil means a full discovery is needed.
func (d *Discovery) incremental(s *analysis.Snapshot, read func(rel string) ([]byte, error), paths map[string]bool) *Discovery {
	if read == nil {
		return nil
	}
	owners := map[string]bool{} // types declared in changed files
	testChanged := false
	for p := range paths {
		oldF, newF := d.snap.Files[p], s.Files[p]
		if oldF == nil || newF == nil || declShape(oldF) != declShape(newF) {
			return nil // tests, types or declarations came or went
		}
		testChanged = testChanged || newF.Test
		for _, t := range newF.Types {
			owners[t.ID] = true
		}
	}
	p2, ok := d.proj.derive(s, read, paths)
	if !ok {
		return nil
	}
	if testChanged && !sameKeys(p2.helpers, d.proj.helpers) {
		return nil // a method became, or stopped being, an assertion helper
	}
	if !d.proofsStillHold(p2, owners) {
		return nil
	}
	nd := &Discovery{snap: s, opts: d.opts, proj: p2, analyses: d.analyses, heads: d.heads, errs: d.errs}
	if !testChanged {
		nd.Classes = d.Classes
		return nd
	}
	nd.analyses = make(map[string]*methodAnalysis, len(d.analyses))
	for k, v := range d.analyses {
		nd.analyses[k] = v
	}
	nd.heads = make(map[string][]string, len(d.heads))
	for k, v := range d.heads {
		nd.heads[k] = v
	}
	for p := range paths {
		f := s.Files[p]
		if !f.Test {
			continue
		}
		if err := nd.analyze(f); err != nil {
			return nil
		}
		for _, t := range f.Types {
			if !equalStrings(nd.heads[t.ID], d.heads[t.ID]) {
				return nil // a class annotation (runner, suite listing) changed
			}
		}
	}
	nd.Classes = make([]*TestClass, 0, len(d.Classes))
	for _, tc := range d.Classes {
		if !classTouches(tc, paths) {
			nd.Classes = append(nd.Classes, tc)
			continue
		}
		f := s.FileOf(tc.ID)
		t := s.Type(tc.ID)
		if f == nil || t == nil {
			return nil
		}
		rebuilt := p2.buildClass(f, t, nd.analyses, nd.heads)
		if rebuilt == nil {
			return nil
		}
		nd.Classes = append(nd.Classes, rebuilt)
	}
	return nd
}

// classTouches reports whether a class or any of its test methods is declared in paths.
func classTouches(tc *TestClass, paths map[string]bool) bool {
	if paths[tc.File] {
		return true
	}
	for _, m := range tc.Methods {
		if paths[m.File] {
			return true
		}
	}
	return false
}

// proofsStillHold re-proves, from scratch, every remembered effect of a member or
// constructor of the owner types and compares it with what the slices were cut with. Any
// difference means slices may change, so the caller falls back to a full discovery.
func (d *Discovery) proofsStillHold(p2 *project, owners map[string]bool) bool {
	var keys []string
	for _, m := range []map[string]effect{d.proj.effects, d.proj.inherited} {
		for key := range m {
			if owners[ownerOfKey(key)] {
				keys = append(keys, key)
			}
		}
	}
	if len(keys) == 0 {
		return true
	}
	sort.Strings(keys)
	scratch := *p2
	scratch.effects, scratch.inherited = map[string]effect{}, nil
	scratch.busy = map[string]bool{}
	for _, key := range keys {
		if old, _ := d.proj.proof(key); scratch.proveKey(key) != old {
			return false
		}
	}
	return true
}

// proveKey computes the effect behind a memo key: a member id or "Type#<new>/arity".
func (p *project) proveKey(key string) effect {
	owner := ownerOfKey(key)
	t := p.snap.Type(owner)
	if t == nil {
		return effGlobal
	}
	if rest, ok := strings.CutPrefix(key, owner+"#<new>/"); ok {
		n := 0
		for _, c := range rest {
			n = n*10 + int(c-'0')
		}
		return p.typeCtorEffect(t, n)
	}
	for _, m := range t.Members {
		if m.ID == key {
			return p.memberEffect(memberRef{m, t})
		}
	}
	return effGlobal
}

func ownerOfKey(key string) string {
	if i := strings.IndexByte(key, '#'); i >= 0 {
		return key[:i]
	}
	return key
}

// derive returns a project for s that shares p's indexes and proofs, with the types and
// members of the changed files swapped for their new versions. It fails when the changed
// files' anonymous subclasses differ (dispatch proofs read them).
func (p *project) derive(s *analysis.Snapshot, read func(string) ([]byte, error), paths map[string]bool) (*project, bool) {
	np := *p
	np.snap, np.read = s, read
	np.busy = map[string]bool{}
	// Proofs are shared, not copied: the new project writes its own into a fresh map and
	// reads the old ones underneath. Once its own outgrow an eighth of the inherited ones,
	// the two are merged so lookups stay two levels deep.
	if len(p.effects)*8 <= len(p.inherited) {
		np.effects = make(map[string]effect, len(p.effects))
		for k, v := range p.effects {
			np.effects[k] = v
		}
	} else {
		np.inherited = make(map[string]effect, len(p.inherited)+len(p.effects))
		for _, m := range []map[string]effect{p.inherited, p.effects} {
			for k, v := range m {
				np.inherited[k] = v
			}
		}
		np.effects = map[string]effect{}
	}
	np.srcs = make(map[string][]byte, len(p.srcs))
	for k, v := range p.srcs {
		if !paths[k] {
			np.srcs[k] = v
		}
	}
	swapT := map[*analysis.Type]*analysis.Type{}
	swapM := map[*analysis.Member]*analysis.Member{}
	names := map[string]bool{}
	for path := range paths {
		oldF, newF := p.snap.Files[path], s.Files[path]
		for i, t := range oldF.Types {
			nt := newF.Types[i]
			swapT[t] = nt
			names[t.Name] = true
			for j, m := range t.Members {
				swapM[m] = nt.Members[j]
				names[m.Name] = true
			}
		}
		if p.anon != nil {
			oldSrc, cached := p.srcs[path]
			newSrc, err := np.source(path)
			if !cached || err != nil || !sameKeys(anonymousIn(oldSrc), anonymousIn(newSrc)) {
				return nil, false
			}
		}
	}
	np.bySimple = make(map[string][]*analysis.Type, len(p.bySimple))
	for k, v := range p.bySimple {
		if names[k] {
			nv := make([]*analysis.Type, len(v))
			for i, t := range v {
				nv[i] = swapType(swapT, t)
			}
			v = nv
		}
		np.bySimple[k] = v
	}
	np.methods = make(map[string][]memberRef, len(p.methods))
	for k, v := range p.methods {
		if names[k] {
			nv := make([]memberRef, len(v))
			for i, r := range v {
				nv[i] = memberRef{swapMember(swapM, r.m), swapType(swapT, r.t)}
			}
			v = nv
		}
		np.methods[k] = v
	}
	if p.subs != nil {
		np.subs = make(map[string][]*analysis.Type, len(p.subs))
		for k, v := range p.subs {
			nv, copied := v, false
			for i, t := range v {
				if n, ok := swapT[t]; ok {
					if !copied {
						nv, copied = append([]*analysis.Type(nil), v...), true
					}
					nv[i] = n
				}
			}
			np.subs[k] = nv
		}
	}
	testChanged := false
	for path := range paths {
		testChanged = testChanged || s.Files[path].Test
	}
	if testChanged {
		np.helpers = map[string]bool{}
		np.computeHelpers()
	}
	return &np, true
}

func swapType(m map[*analysis.Type]*analysis.Type, t *analysis.Type) *analysis.Type {
	if n, ok := m[t]; ok {
		return n
	}
	return t
}

func swapMember(m map[*analysis.Member]*analysis.Member, x *analysis.Member) *analysis.Member {
	if n, ok := m[x]; ok {
		return n
	}
	return x
}

// declShape hashes what discovery reads of a file besides bodies: package, imports, types
// with their kinds, supertypes, modifiers and annotations, and members with theirs.
func declShape(f *analysis.File) uint64 {
	h := xxhash.New()
	w := func(parts ...string) {
		for _, s := range parts {
			h.WriteString(s)
			h.Write([]byte{0})
		}
	}
	w(f.Package, fmt.Sprint(f.Test))
	for _, imp := range f.Imports {
		w(imp.Name, fmt.Sprint(imp.Static, imp.OnDemand))
	}
	for _, t := range f.Types {
		w("T", t.ID, t.Kind, t.Outer, strings.Join(t.Extends, ","), strings.Join(t.Implements, ","),
			strings.Join(t.Modifiers, ","), strings.Join(t.Annotations, ","), t.Access)
		for _, m := range t.Members {
			w("M", m.ID, string(m.Kind), m.ReturnType, m.Access, strings.Join(m.Modifiers, ","),
				strings.Join(m.Annotations, ","), fmt.Sprint(m.Varargs, m.BodyEnd > m.BodyStart, m.Broken))
		}
	}
	return h.Sum64()
}

func sameKeys(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
