package slicing

import (
	"errors"
	"fmt"
	sitter "github.com/smacker/go-tree-sitter"
	"maps"
	"slices"
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
	for pf := range parseAhead(s, read) {
		if err := d.analyzeParsed(pf); err != nil {
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
	d.proj.analyzeFile(f, src, nil, d.analyses, d.heads)
	return nil
}

// parsedFile is a test file read and parsed ahead of its analysis.
type parsedFile struct {
	f    *analysis.File
	src  []byte
	tree *sitter.Tree // nil when reading failed
	err  error
}

// parseAhead reads and parses the test files of s (or takes the trees s was built with),
// in path order, on another goroutine, a few files ahead of the caller: parsing is
// independent per file, while the analysis shares the project's memos and stays on one
// goroutine. The caller must drain the channel.
func parseAhead(s *analysis.Snapshot, read func(rel string) ([]byte, error)) <-chan parsedFile {
	out := make(chan parsedFile, 8)
	go func() {
		defer close(out)
		for _, rel := range s.SortedPaths() {
			f := s.Files[rel]
			if !f.Test {
				continue
			}
			src, err := read(rel)
			pf := parsedFile{f: f, src: src, err: err}
			if err == nil {
				// A cold start hands over the trees its index made (see TakeParsedTree).
				if pf.tree = s.TakeParsedTree(rel, xxhash.Sum64(src)); pf.tree == nil {
					pf.tree = analysis.ParseTree(src, nil)
				}
			}
			out <- pf
		}
	}()
	return out
}

// analyzeParsed analyses a file parseAhead prepared into d and closes its tree.
func (d *Discovery) analyzeParsed(pf parsedFile) error {
	if pf.tree != nil {
		defer pf.tree.Close()
	}
	if pf.err != nil {
		return fmt.Errorf("%s: %w", pf.f.Path, pf.err)
	}
	if pf.f.ContentHash != 0 && xxhash.Sum64(pf.src) != pf.f.ContentHash {
		return errors.New(pf.f.Path + ": source changed since it was parsed")
	}
	d.proj.srcs[pf.f.Path] = pf.src
	d.proj.analyzeFile(pf.f, pf.src, pf.tree, d.analyses, d.heads)
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
	if d.Restored() {
		nd, err := DiscoverAll(s, read, d.opts)
		return nd, false, err
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
	owners := map[string]bool{}   // types declared in changed files
	declared := map[string]bool{} // names whose declarations changed (see lookupDeps)
	redeclared := map[string]bool{}
	testChanged := false
	for p := range paths {
		oldF, newF := d.snap.Files[p], s.Files[p]
		if oldF == nil || newF == nil {
			return nil // a file came or went
		}
		if declShape(oldF) != declShape(newF) {
			// Members came, went or changed their signatures or annotations; types and
			// supertypes must stay as they were.
			if oldF.Test != newF.Test || !memberChanges(oldF, newF, declared) || d.testsOfOthersMayChange(oldF, newF) ||
				!sameInstanceMethodFlags(oldF, newF) {
				return nil
			}
			redeclared[p] = true
		}
		if constantEdited(oldF, newF) {
			return nil
		}
		testChanged = testChanged || newF.Test
		for _, t := range newF.Types {
			owners[t.ID] = true
		}
	}
	p2, ok := d.proj.derive(s, read, paths, redeclared)
	if !ok {
		return nil
	}
	if testChanged && !sameKeys(p2.helpers, d.proj.helpers) {
		return nil // a method became, or stopped being, an assertion helper
	}
	stale, reanalyze := d.affectedBy(owners, declared)
	if !d.proofsStillHold(p2, stale) {
		return nil
	}
	for key := range reanalyze {
		// A test method looked up a name whose declaration changed: analyse its file again.
		f := s.FileOf(ownerOfKey(strings.TrimPrefix(key, "test:")))
		if f == nil {
			return nil
		}
		paths[f.Path] = true
		testChanged = true
	}
	testChanged = testChanged || d.fixturesMayChange(s, p2, redeclared)
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
	classes, ok := d.rebuildClasses(s, p2, nd, paths, redeclared)
	if !ok {
		return nil
	}
	nd.Classes = classes
	return nd
}

// fixturesMayChange reports whether redeclaring the production files in redeclared may
// change some class's fixtures or providers, which list every member of its extensions and,
// for a test running in a Spring context, of every Spring component (see extensionTypes):
// a class lists a member of a type those files declare, or runs in a Spring context.
func (d *Discovery) fixturesMayChange(s *analysis.Snapshot, p2 *project, redeclared map[string]bool) bool {
	owners := map[string]bool{}
	for rel := range redeclared {
		if f := s.Files[rel]; f != nil && !f.Test {
			for _, t := range f.Types {
				owners[t.ID] = true
			}
		}
	}
	if len(owners) == 0 {
		return false
	}
	owned := func(ids []string) bool {
		return slices.ContainsFunc(ids, func(id string) bool { return owners[ownerOfKey(id)] })
	}
	for _, tc := range d.Classes {
		if owned(tc.Fixtures) || slices.ContainsFunc(tc.Methods, func(tm *TestMethod) bool { return owned(tm.Providers) }) {
			return true
		}
		if t := s.Type(tc.ID); t != nil &&
			slices.ContainsFunc(p2.fixtureTypes(t), func(c *analysis.Type) bool { return p2.springTest(c, d.heads) }) {
			return true
		}
	}
	return false
}

// rebuildClasses makes the class list of nd in discovery order (files by path, types in
// file order): classes of test files whose declarations changed are built again from their
// types (tests may have come or gone), classes declared in or inheriting from edited files
// are rebuilt, and so are those taking fixtures from a redeclared type (fixtureTypes); every
// other class is shared.
func (d *Discovery) rebuildClasses(s *analysis.Snapshot, p2 *project, nd *Discovery, paths, redeclared map[string]bool) ([]*TestClass, bool) {
	changedTypes := map[string]bool{}
	byFile := map[string][]*TestClass{}
	var files []string
	for _, tc := range d.Classes {
		if _, seen := byFile[tc.File]; !seen {
			files = append(files, tc.File)
		}
		byFile[tc.File] = append(byFile[tc.File], tc)
	}
	extensionChanged := map[string]bool{} // redeclared types an extension may be, main or test
	for p := range redeclared {
		f := s.Files[p]
		for _, t := range f.Types {
			extensionChanged[t.ID] = true
		}
		if !f.Test {
			continue
		}
		for _, t := range f.Types {
			changedTypes[t.ID] = true
		}
		if _, seen := byFile[p]; !seen {
			files = append(files, p)
			byFile[p] = nil
		}
	}
	sort.Strings(files)
	inheritsChanged := func(tc *TestClass) bool {
		if len(extensionChanged) == 0 {
			return false
		}
		t := s.Type(tc.ID)
		if t == nil {
			return true
		}
		for _, sup := range p2.fixtureTypes(t)[1:] {
			if changedTypes[sup.ID] {
				return true
			}
		}
		for _, x := range p2.extensionTypes(t, nd.heads) {
			if extensionChanged[x.ID] {
				return true // its members (the class's fixtures) came or went
			}
		}
		if slices.ContainsFunc(p2.fixtureTypes(t), func(c *analysis.Type) bool { return p2.springTest(c, nd.heads) }) {
			return true // a redeclared class may have become, or stopped being, a Spring component
		}
		for _, tm := range tc.Methods {
			// A method's own extensions or argument sources list every member of a class.
			for _, id := range tm.Providers {
				if extensionChanged[ownerOfKey(id)] {
					return true
				}
			}
			if d := s.Type(tm.Declaring); d != nil {
				if m := d.Member(tm.MemberID); m != nil && p2.hasMethodExtensions(d, m) {
					return true // an extension that had no members may have gained some
				}
			}
		}
		return false
	}
	out := make([]*TestClass, 0, len(d.Classes)+1)
	for _, rel := range files {
		f := s.Files[rel]
		if f == nil {
			return nil, false
		}
		if redeclared[rel] {
			for _, t := range f.Types {
				if tc := p2.buildClass(f, t, nd.analyses, nd.heads); tc != nil {
					out = append(out, tc)
				}
			}
			continue
		}
		for _, tc := range byFile[rel] {
			if !classTouches(tc, paths) && !inheritsChanged(tc) {
				out = append(out, tc)
				continue
			}
			t := s.Type(tc.ID)
			if t == nil {
				return nil, false
			}
			rebuilt := p2.buildClass(f, t, nd.analyses, nd.heads)
			if rebuilt == nil {
				return nil, false // its last test went: a full discovery settles it
			}
			out = append(out, rebuilt)
		}
	}
	return out, true
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

// affectedBy returns the remembered proofs an edit may change (those of the edited types
// and those that looked up a redeclared name) and the test analyses that looked up a
// redeclared name. Proofs that only used affected proofs need no check: when every
// affected proof keeps its value, so do they.
func (d *Discovery) affectedBy(owners, declared map[string]bool) (stale, reanalyze map[string]bool) {
	stale, reanalyze = map[string]bool{}, map[string]bool{}
	if len(declared) > 0 {
		names := make([]string, 0, len(declared))
		for n := range declared {
			names = append(names, n)
		}
		d.proj.eachDeps(func(key string, dep lookupDeps) {
			for _, n := range names {
				if !dep[n] {
					continue
				}
				if strings.HasPrefix(key, "test:") {
					reanalyze[key] = true
				} else {
					stale[key] = true
				}
				return
			}
		})
	}
	for _, m := range []map[string]effect{d.proj.effects, d.proj.inherited} {
		for key := range m {
			if owners[ownerOfKey(key)] {
				stale[key] = true
			}
		}
	}
	return stale, reanalyze
}

// proofsStillHold re-proves every stale remembered effect and compares it with what the
// slices were cut with. Any difference means slices may change, so the caller falls back
// to a full discovery. The stale proofs are made again from the edited code; every other
// member's proof is read as remembered. That is sound: a proof that is not stale belongs
// to a body and lookups the edit left alone, and it was made from its callees' proofs (or
// from the widest effect where a cycle cut the recursion); when every stale proof comes
// out as before, the remembered proofs are each still at least as wide as their own body
// and callees make them, which is all a summary needs to be. When they all hold, p2
// adopts the fresh records of what the proofs looked up, since an edit may change that
// without changing a value.
func (d *Discovery) proofsStillHold(p2 *project, stale map[string]bool) bool {
	if len(stale) == 0 {
		return true
	}
	keys := make([]string, 0, len(stale))
	for key := range stale {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	scratch := *p2
	scratch.effects, scratch.inherited = map[string]effect{}, nil
	scratch.settled, scratch.unsettled = p2, stale
	scratch.deps, scratch.inheritedDeps, scratch.frames = nil, nil, nil
	for _, key := range keys {
		if !p2.declares(key) {
			// The member is gone, so no lookup can reach its proof. Should it come back,
			// that edit makes the proof stale and checks it again.
			continue
		}
		if old, _ := d.proj.proof(key); scratch.proveKey(key) != old {
			return false
		}
	}
	if p2.deps == nil {
		p2.deps = map[string]lookupDeps{}
	}
	for key, dep := range scratch.deps {
		p2.deps[key] = dep
	}
	return true
}

// constantEdited reports whether an edit changed the initializer of a static final field of
// a primitive type or String in a type of the file. Whether javac inlines such a field
// (see project.inlined) decides whether reading it initializes its class, which the slices
// of every reader, in any file, depend on; those readers are not recorded, so such an edit
// takes a full discovery.
func constantEdited(oldF, newF *analysis.File) bool {
	old := map[string]uint64{}
	for _, t := range oldF.Types {
		for _, m := range t.Members {
			old[m.ID] = m.BodyHash
		}
	}
	for _, t := range newF.Types {
		for _, m := range t.Members {
			typ := analysis.EraseType(m.ReturnType)
			if m.Kind == analysis.KindField && m.Static() && hasString(m.Modifiers, "final") && (typ == "String" || primitive[typ]) &&
				old[m.ID] != m.BodyHash {
				return true
			}
		}
	}
	return false
}

// memberChanges adds to declared the lookup names of the members whose declarations differ
// between two versions of a file, and reports false when more than members changed (a type
// or a supertype).
func memberChanges(oldF, newF *analysis.File, declared map[string]bool) bool {
	if len(oldF.Types) != len(newF.Types) || oldF.Package != newF.Package {
		return false
	}
	count := map[string]int{}
	member := map[string]*analysis.Member{}
	owner := map[string]string{}
	for i, t := range oldF.Types {
		nt := newF.Types[i]
		if typeDecl(t) != typeDecl(nt) {
			return false
		}
		for _, m := range t.Members {
			k := memberDecl(m)
			count[k]--
			member[k], owner[k] = m, t.ID
		}
		for _, m := range nt.Members {
			k := memberDecl(m)
			count[k]++
			member[k], owner[k] = m, nt.ID
		}
	}
	for k, n := range count {
		if n == 0 {
			continue
		}
		switch m := member[k]; m.Kind {
		case analysis.KindMethod:
			declared["M:"+m.Name] = true // lookups of every project method by that name
			declared["M:"+owner[k]+"#"+m.Name] = true
			declared["M:"+owner[k]+"#*"] = true // lookups of all its methods (chainMethods)
		case analysis.KindField:
			declared["F:"+owner[k]+"#"+m.Name] = true
			declared["FT:"+owner[k]] = true
		}
	}
	return true
}

// testsOfOthersMayChange reports whether a declaration edit to a file (whose types keep
// their declarations, see memberChanges) may change which methods are tests in classes of
// other files: an import edit (it decides which @Test a file means), or a method of an
// annotation type or of a type with project subtypes in test sources declared differently
// (JUnit 4 hands @Test down to overrides, Jupiter hides inherited tests by overrides and
// hands default test methods of interfaces down, JUnit 3 hands test* methods down). Those
// edits take a full discovery; a type whose subtypes all live in main sources hands no
// test methods down.
func (d *Discovery) testsOfOthersMayChange(oldF, newF *analysis.File) bool {
	if len(oldF.Imports) != len(newF.Imports) {
		return true
	}
	for i, imp := range oldF.Imports {
		if imp != newF.Imports[i] {
			return true
		}
	}
	for i, t := range oldF.Types {
		nt := newF.Types[i]
		decls := map[string]int{}
		for _, m := range t.Members {
			if m.Kind == analysis.KindMethod {
				decls[memberDecl(m)]++
			}
		}
		for _, m := range nt.Members {
			if m.Kind == analysis.KindMethod {
				decls[memberDecl(m)]--
			}
		}
		changed := false
		for _, n := range decls {
			changed = changed || n != 0
		}
		if changed && (t.Kind == "annotation" || d.proj.subtypeInTests(t)) {
			return true
		}
	}
	return false
}

// sameInstanceMethodFlags reports whether every type of the file declares instance
// methods before the edit exactly when it does after it. Whether a subclass of a library
// type (or of one of these types) overrides nothing decides which JDK collections project
// code may stand behind (see project.overridesNothing), which every proof that calls
// them read.
func sameInstanceMethodFlags(oldF, newF *analysis.File) bool {
	flags := func(f *analysis.File) map[string]bool {
		out := map[string]bool{}
		for _, t := range f.Types {
			out[t.ID] = declaresInstanceMethods(t)
		}
		return out
	}
	return maps.Equal(flags(oldF), flags(newF))
}

// typeDecl is what discovery reads of a type's own declaration.
func typeDecl(t *analysis.Type) string {
	return strings.Join([]string{t.ID, t.Kind, t.Outer, strings.Join(t.Extends, ","), strings.Join(t.Implements, ","),
		strings.Join(t.Modifiers, ","), strings.Join(t.Annotations, ","), t.Access}, "\x00")
}

// memberDecl is what discovery reads of a member's declaration.
func memberDecl(m *analysis.Member) string {
	return strings.Join([]string{m.ID, string(m.Kind), m.ReturnType, m.Access, strings.Join(m.Modifiers, ","),
		strings.Join(m.Annotations, ","), fmt.Sprint(m.Varargs, m.BodyEnd > m.BodyStart, m.Broken)}, "\x00")
}

// declares reports whether the snapshot still has what a memo key is about.
func (p *project) declares(key string) bool {
	owner := ownerOfKey(key)
	t := p.snap.Type(owner)
	if t == nil {
		return false
	}
	if strings.HasPrefix(key, owner+"#<new>/") || key == owner+clinitKey || key == owner+newHeldKey {
		return true
	}
	id := key
	for _, suffix := range memberKeySuffixes {
		id = strings.TrimSuffix(id, suffix)
	}
	for _, m := range t.Members {
		if m.ID == id {
			return true
		}
	}
	return false
}

// memberKeySuffixes end the memo keys of proofs about one member other than its summary
// (see proveKey).
var memberKeySuffixes = []string{inInitKey, inertFnKey, objectMethodsKey, factoryHeldKey}

// proveKey computes the effect behind a memo key: a member id, a member id with one of
// memberKeySuffixes, "Type#<new>/arity" or a class's own proofs (clinitKey, newHeldKey).
func (p *project) proveKey(key string) effect {
	owner := ownerOfKey(key)
	t := p.snap.Type(owner)
	if t == nil {
		return effGlobal
	}
	if key == owner+clinitKey {
		return p.clinitEffect(t)
	}
	if key == owner+newHeldKey {
		return p.newHeldEffect(t)
	}
	memberProofs := map[string]func(memberRef) effect{
		inInitKey:        p.inInitEffect,
		inertFnKey:       p.inertFunctionsProof,
		objectMethodsKey: p.objectMethodsEffect,
		factoryHeldKey:   p.factoryHeldEffect,
	}
	for _, suffix := range memberKeySuffixes {
		if id, ok := strings.CutSuffix(key, suffix); ok {
			for _, m := range t.Members {
				if m.ID == id {
					return memberProofs[suffix](memberRef{m, t})
				}
			}
			return effGlobal
		}
	}
	if rest, ok := strings.CutPrefix(key, owner+"#<new>/"); ok {
		n := 0
		for _, c := range rest {
			n = n*10 + int(c-'0')
		}
		return p.typeCtorEffect(t, n)
	}
	if open := strings.IndexByte(key, '{'); open > 0 {
		// A method of an enum constant's class body (see constantOverrides).
		name, _, _ := strings.Cut(key[open+1:], "(")
		rs, _ := p.constantOverrides(t, name, -1)
		for _, r := range rs {
			if r.m.ID == key {
				return p.memberEffect(r)
			}
		}
		return effGlobal
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
// files' anonymous subclasses differ (dispatch proofs read them), or whether they may replace
// System.out (see redirectsOutput).
func (p *project) derive(s *analysis.Snapshot, read func(string) ([]byte, error), paths, redeclared map[string]bool) (*project, bool) {
	np := *p
	np.runsMemo = nil     // heads and declarations may differ in the new snapshot
	np.supersMemo = nil   // so may the names supertypes are resolved by
	np.jdkSubs = nil      // it holds the old versions of the changed files' types
	np.throwables = nil   // as does this
	np.handlers = nil     // and so may this
	np.anonObjects = nil  // and this
	np.inheritedCBs = nil // and this
	np.spring = nil       // and this
	np.snap, np.read = s, read
	np.frames = nil
	// Lookup records are layered like the proofs.
	if p.inheritedDeps == nil {
		// The first derivation from a full discovery: share its records as they are (a
		// project is not written to once derived from).
		np.inheritedDeps, np.deps = p.deps, map[string]lookupDeps{}
	} else if len(p.deps)*8 <= len(p.inheritedDeps) {
		np.deps = make(map[string]lookupDeps, len(p.deps))
		for k, v := range p.deps {
			np.deps[k] = v
		}
	} else {
		np.inheritedDeps = make(map[string]lookupDeps, len(p.inheritedDeps)+len(p.deps))
		for _, m := range []map[string]lookupDeps{p.inheritedDeps, p.deps} {
			for k, v := range m {
				np.inheritedDeps[k] = v
			}
		}
		np.deps = map[string]lookupDeps{}
	}
	// Proofs are shared, not copied: the new project writes its own into a fresh map and
	// reads the old ones underneath. Once its own outgrow an eighth of the inherited ones,
	// the two are merged so lookups stay two levels deep.
	if p.inherited == nil {
		np.inherited, np.effects = p.effects, map[string]effect{}
	} else if len(p.effects)*8 <= len(p.inherited) {
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
			if redeclared[path] {
				continue // members differ: their method entries are rebuilt below
			}
			for j, m := range t.Members {
				swapM[m] = nt.Members[j]
				names[m.Name] = true
			}
		}
		if p.anon != nil || p.redirects != nil {
			oldSrc, cached := p.srcs[path]
			newSrc, err := np.source(path)
			if !cached || err != nil || !maps.EqualFunc(anonymousIn(oldSrc, true), anonymousIn(newSrc, true), maps.Equal[map[string]bool]) ||
				!maps.EqualFunc(anonymousIn(oldSrc, false), anonymousIn(newSrc, false), maps.Equal[map[string]bool]) ||
				mayRedirect(oldSrc) != mayRedirect(newSrc) {
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
	for path := range redeclared {
		np.respliceMethods(p.snap.Files[path], s.Files[path])
		if s.Files[path].Test {
			np.supers = nil // which test classes hand tests down is worked out again
		}
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

// respliceMethods replaces, in the methods-by-name index, the entries of one file's old
// version with those of its new one, at the same place: the index keeps files in path order
// so that dispatch over-approximations list candidates as a full build would.
func (p *project) respliceMethods(oldF, newF *analysis.File) {
	fresh := map[string][]memberRef{}
	affected := map[string]bool{}
	for _, t := range oldF.Types {
		for _, m := range t.Members {
			if m.Kind == analysis.KindMethod {
				affected[m.Name] = true
			}
		}
	}
	for _, t := range newF.Types {
		for _, m := range t.Members {
			if m.Kind == analysis.KindMethod {
				affected[m.Name] = true
				fresh[m.Name] = append(fresh[m.Name], memberRef{m, t})
			}
		}
	}
	inFile := func(r memberRef) bool { f := p.snap.FileOf(r.t.ID); return f != nil && f.Path == newF.Path }
	for name := range affected {
		var out []memberRef
		placed := false
		for _, r := range p.methods[name] {
			if inFile(r) {
				continue // an entry of this file (types are shared by both versions' ids)
			}
			if !placed {
				if f := p.snap.FileOf(r.t.ID); f != nil && f.Path > newF.Path {
					out = append(out, fresh[name]...)
					placed = true
				}
			}
			out = append(out, r)
		}
		if !placed {
			out = append(out, fresh[name]...)
		}
		if len(out) == 0 {
			delete(p.methods, name)
		} else {
			p.methods[name] = out
		}
	}
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
