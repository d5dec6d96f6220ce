package analysis

import (
	"bytes"
	"sort"
	"strings"
)

// objectMethods are the java.lang.Object methods every class can override; adding or
// removing one of them is always a lookup change.
var objectMethods = map[string]bool{
	"toString": true, "equals": true, "hashCode": true, "finalize": true, "clone": true,
}

// reflectionUsers are call names through which libraries read fields reflectively; when a
// project calls any of them, adding or removing a field is not proved harmless.
var reflectionUsers = map[string]bool{
	"getDeclaredFields": true, "getFields": true, "reflectionEquals": true, "reflectionHashCode": true,
	"reflectionToString": true, "toJson": true, "fromJson": true, "writeValueAsString": true,
	"readValue": true, "writeObject": true, "readObject": true, "getDeclaredMethods": true, "getMethods": true,
}

// Diff computes the changes from old to new: added, deleted and modified types and members,
// each classified against the findings of the semantics-modifying-changes study.
func Diff(old, new *Snapshot) []Change {
	d := differ{old: old, new: new}
	paths := map[string]bool{}
	for p := range old.Files {
		paths[p] = true
	}
	for p := range new.Files {
		paths[p] = true
	}
	var addedTypes, deletedTypes []*Type
	addedFile := map[string]string{}
	deletedFile := map[string]string{}
	for p := range paths {
		of, nf := old.Files[p], new.Files[p]
		if of != nil && nf != nil && of.ContentHash == nf.ContentHash {
			continue
		}
		d.changedFiles = append(d.changedFiles, p)
	}
	sort.Strings(d.changedFiles)
	// Types can move between files; compare by id across the changed files.
	oldTypes, newTypes := map[string]*Type{}, map[string]*Type{}
	oldTypeFile, newTypeFile := map[string]*File{}, map[string]*File{}
	for _, p := range d.changedFiles {
		if f := old.Files[p]; f != nil {
			for _, t := range f.Types {
				oldTypes[t.ID], oldTypeFile[t.ID] = t, f
			}
		}
		if f := new.Files[p]; f != nil {
			for _, t := range f.Types {
				newTypes[t.ID], newTypeFile[t.ID] = t, f
			}
		}
	}
	for id, ot := range oldTypes {
		nt := newTypes[id]
		if nt == nil {
			nt = new.Type(id) // moved to an unchanged file? (cannot be: both sides changed) keep nil-safe
		}
		if nt == nil {
			if d.keptInBrokenFile(ot, oldTypeFile[id], newFileOfPath(new, oldTypeFile[id].Path)) {
				continue
			}
			deletedTypes = append(deletedTypes, ot)
			deletedFile[id] = oldTypeFile[id].Path
			continue
		}
		nf := newTypeFile[id]
		if nf == nil {
			nf = new.FileOf(id)
		}
		d.compareType(ot, nt, oldTypeFile[id], nf)
	}
	for id, nt := range newTypes {
		if oldTypes[id] == nil && old.Type(id) == nil {
			addedTypes = append(addedTypes, nt)
			addedFile[id] = newTypeFile[id].Path
		} else if oldTypes[id] == nil {
			d.compareType(old.Type(id), nt, old.FileOf(id), newTypeFile[id])
		}
	}
	d.pairRenamedTypes(addedTypes, deletedTypes, addedFile, deletedFile)
	sort.Slice(d.out, func(i, j int) bool {
		a, b := d.out[i], d.out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.ID < b.ID
	})
	return d.out
}

func newFileOfPath(s *Snapshot, p string) *File { return s.Files[p] }

type differ struct {
	old, new     *Snapshot
	changedFiles []string
	out          []Change

	calledNames   map[string]map[int]bool // name -> arities called anywhere in new (or -1 for method refs)
	reflectFields bool
}

func finding(f string) *string { return &f }

func (d *differ) add(c Change) {
	if c.Level == "" {
		c.Level = "member"
	}
	d.out = append(d.out, c)
}

// keptInBrokenFile reports whether a type or member missing from a file with syntax errors
// is still present verbatim in its text: then the parser lost it, the user did not.
func (d *differ) keptInBrokenFile(t *Type, of, nf *File) bool {
	if nf == nil || len(nf.ParseErrors) == 0 {
		return false
	}
	oldText, err1 := d.old.Read(of.Path)
	newText, err2 := d.new.Read(nf.Path)
	if err1 != nil || err2 != nil {
		return false
	}
	for _, m := range t.Members {
		if m.End <= len(oldText) && !bytes.Contains(newText, oldText[m.Start:m.End]) {
			return false
		}
	}
	return true
}

func (d *differ) memberKeptInBrokenFile(m *Member, of, nf *File) bool {
	if nf == nil || len(nf.ParseErrors) == 0 {
		return false
	}
	oldText, err1 := d.old.Read(of.Path)
	newText, err2 := d.new.Read(nf.Path)
	if err1 != nil || err2 != nil || m.End > len(oldText) {
		return false
	}
	return bytes.Contains(newText, oldText[m.Start:m.End])
}

func (d *differ) compareType(ot, nt *Type, of, nf *File) {
	if ot == nil || nt == nil || of == nil || nf == nil {
		return
	}
	headChanged := ot.HeadHash != nt.HeadHash
	if headChanged {
		d.add(Change{ID: nt.ID, Kind: KindType, Change: "modified", File: nf.Path, Line: nt.Line,
			Rerun: true, Level: "class", Detail: "class declaration changed (modifiers, annotations, type parameters or supertypes)"})
	} else if ot.Access != nt.Access {
		d.add(Change{ID: nt.ID, Kind: KindType, Change: "modified", File: nf.Path, Line: nt.Line,
			Finding: finding("F9"), Rerun: d.anyReflection(), Detail: "only the access modifier changed"})
	}
	oldM, newM := map[string]*Member{}, map[string]*Member{}
	for _, m := range ot.Members {
		oldM[m.ID] = m
	}
	for _, m := range nt.Members {
		newM[m.ID] = m
	}
	var added, deleted []*Member
	memberChanged := false
	for _, om := range ot.Members {
		nm := newM[om.ID]
		if nm == nil {
			if d.memberKeptInBrokenFile(om, of, nf) {
				continue
			}
			deleted = append(deleted, om)
			continue
		}
		if d.compareMember(nt, om, nm, nf) {
			memberChanged = true
		}
	}
	for _, nm := range nt.Members {
		if oldM[nm.ID] == nil {
			added = append(added, nm)
		}
	}
	renamed := d.pairRenamedMembers(nt, nf, added, deleted)
	for _, m := range deleted {
		if !renamed[m] {
			d.addedOrDeleted(nt, m, of, "deleted")
		}
	}
	for _, m := range added {
		if !renamed[m] {
			d.addedOrDeleted(nt, m, nf, "added")
		}
	}
	if !headChanged && !memberChanged && len(added) == 0 && len(deleted) == 0 && !sameOrder(ot, nt) {
		d.add(Change{ID: nt.ID, Kind: KindType, Change: "modified", File: nf.Path, Line: nt.Line,
			Finding: finding("F3"), Rerun: false, Detail: "members were only reordered"})
	}
}

func sameOrder(a, b *Type) bool {
	if len(a.Members) != len(b.Members) {
		return false
	}
	for i := range a.Members {
		if a.Members[i].ID != b.Members[i].ID {
			return false
		}
	}
	return true
}

// compareMember reports a change to a member present on both sides; it returns whether
// anything was reported.
func (d *differ) compareMember(t *Type, om, nm *Member, nf *File) bool {
	c := Change{ID: nm.ID, Kind: nm.Kind, Change: "modified", File: nf.Path, Line: nm.Line, Rerun: true}
	switch {
	case om.SigHash != nm.SigHash || om.BodyHash != nm.BodyHash:
		if om.SigHash != nm.SigHash {
			c.Detail = "declaration changed"
		} else {
			c.Detail = "body changed"
		}
		if nm.Kind == KindField {
			if om.SigHash == nm.SigHash {
				// Field initializer: users of the field and the constructors that run it
				// are found by method-level reasoning, not the whole class.
				c.Finding = finding("F7")
				c.Detail = "field initializer changed"
			} else {
				c.Level = "class"
			}
		}
	case om.ThrowsHash != nm.ThrowsHash:
		c.Finding, c.Rerun, c.Detail = finding("F8"), d.anyReflection(), "only the throws clause changed"
	case om.Access != nm.Access:
		c.Finding, c.Detail = finding("F9"), "only the access modifier changed"
		c.Rerun = d.anyReflection() || (nm.Kind == KindMethod && d.hierarchyMayDeclare(t, nm))
	default:
		return false
	}
	d.add(c)
	return true
}

// addedOrDeleted reports a member that exists on one side only.
func (d *differ) addedOrDeleted(t *Type, m *Member, f *File, what string) {
	c := Change{ID: m.ID, Kind: m.Kind, Change: what, File: f.Path, Line: m.Line, Rerun: true}
	if m.Broken {
		// Half-typed code proves nothing: re-run whatever reaches it.
		c.Detail = "contains syntax errors"
		d.add(c)
		return
	}
	switch m.Kind {
	case KindMethod, KindConstructor:
		if d.lookupChange(t, m) {
			c.Lookup = true
			c.Detail = "may change which method a call reaches (override or overload)"
		} else if what == "added" && f.Test && IsTestMethod(t, m) {
			c.Detail = "a test added: it has never run" // nothing calls it, but it runs itself
		} else if !d.called(m) {
			c.Finding, c.Rerun = finding("F2"), false
			c.Detail = "no call by this name and arity exists in the project"
		}
	case KindField:
		if m.BodyHash == 0 && t.Kind != "record" && !d.anyReflectionOverFields() && !hasString(t.Implements, "Serializable") {
			c.Finding, c.Rerun = finding("F4"), false
			c.Detail = "a field without initializer; nothing reads it reflectively"
		}
	}
	d.add(c)
}

// lookupChange reports whether adding or removing m can change the target of existing
// calls: it overrides or is overridden, it overloads a sibling, or its type has supertypes
// or subtypes we cannot see through.
func (d *differ) lookupChange(t *Type, m *Member) bool {
	if m.Kind == KindConstructor {
		return d.hasOverload(t, m) || d.hasSubtypes(t)
	}
	if objectMethods[m.Name] || m.HasAnnotation("Override") {
		return true
	}
	if len(t.Extends) > 0 || len(t.Implements) > 0 || t.Kind == "interface" || t.Kind == "enum" || t.Kind == "record" {
		return true
	}
	if d.hasSubtypes(t) || d.hasOverload(t, m) || t.Outer != "" {
		return true
	}
	return false
}

func (d *differ) hasOverload(t *Type, m *Member) bool {
	for _, s := range []*Snapshot{d.old, d.new} {
		if st := s.Type(t.ID); st != nil {
			for _, o := range st.Members {
				if o.Name == m.Name && o.ID != m.ID {
					return true
				}
			}
		}
	}
	return false
}

func (d *differ) hasSubtypes(t *Type) bool {
	for _, s := range []*Snapshot{d.old, d.new} {
		for _, f := range s.Files {
			for _, o := range f.Types {
				if hasString(o.Extends, t.Name) || hasString(o.Implements, t.Name) {
					return true
				}
			}
		}
	}
	return false
}

// hierarchyMayDeclare reports whether another type could declare a method that m overrides
// or that overrides m (same name and arity anywhere else in the project).
func (d *differ) hierarchyMayDeclare(t *Type, m *Member) bool {
	if len(t.Extends) > 0 || len(t.Implements) > 0 || objectMethods[m.Name] {
		return true
	}
	for _, f := range d.new.Files {
		for _, o := range f.Types {
			if o.ID == t.ID {
				continue
			}
			for _, om := range o.Members {
				if om.Name == m.Name && len(om.Params) == len(m.Params) {
					return true
				}
			}
		}
	}
	return false
}

// called reports whether any call in either snapshot could target m by name and arity.
func (d *differ) called(m *Member) bool {
	if d.calledNames == nil {
		d.calledNames = map[string]map[int]bool{}
		for _, s := range []*Snapshot{d.old, d.new} {
			for _, f := range s.Files {
				for _, t := range f.Types {
					for _, mm := range t.Members {
						for _, c := range mm.Refs.Calls {
							name := c.Name
							if name == "<init>" {
								name = "<init>:" + lastSegment(c.New)
							}
							if d.calledNames[name] == nil {
								d.calledNames[name] = map[int]bool{}
							}
							d.calledNames[name][c.Arity] = true
						}
						for _, s := range mm.Refs.Strings {
							if d.calledNames[s] == nil {
								d.calledNames[s] = map[int]bool{}
							}
							d.calledNames[s][-1] = true
						}
					}
				}
			}
		}
	}
	name := m.Name
	if m.Kind == KindConstructor {
		name = "<init>:" + typeSimpleName(m.ID)
	}
	arities := d.calledNames[name]
	if len(arities) == 0 {
		return false
	}
	if arities[-1] {
		return true
	}
	for a := range arities {
		if a == len(m.Params) || (m.Varargs && a >= len(m.Params)-1) {
			return true
		}
	}
	return false
}

func typeSimpleName(memberID string) string {
	t := memberID
	if i := strings.IndexByte(t, '#'); i >= 0 {
		t = t[:i]
	}
	return simpleName(t)
}

// anyReflection reports whether the project looks up members reflectively anywhere.
func (d *differ) anyReflection() bool {
	for _, f := range d.new.Files {
		for _, t := range f.Types {
			for _, m := range t.Members {
				if m.Refs.MayReflect() || len(m.Refs.Strings) > 0 {
					return true
				}
			}
		}
	}
	return false
}

func (d *differ) anyReflectionOverFields() bool {
	if d.anyReflection() {
		return true
	}
	for _, f := range d.new.Files {
		for _, t := range f.Types {
			for _, m := range t.Members {
				for _, c := range m.Refs.Calls {
					if reflectionUsers[c.Name] {
						return true
					}
				}
			}
		}
	}
	return false
}

// pairRenamedMembers finds F6 renames: a deleted and an added method of the same type with
// the same parameters, return type and body, where neither name takes part in overriding.
func (d *differ) pairRenamedMembers(t *Type, f *File, added, deleted []*Member) map[*Member]bool {
	paired := map[*Member]bool{}
	for _, dm := range deleted {
		if dm.Kind != KindMethod || d.lookupChange(t, dm) {
			continue
		}
		for _, am := range added {
			if paired[am] || am.Kind != KindMethod || d.lookupChange(t, am) {
				continue
			}
			if am.BodyHash == dm.BodyHash && am.ReturnType == dm.ReturnType && strings.Join(am.Params, ",") == strings.Join(dm.Params, ",") &&
				am.Static() == dm.Static() && !d.reflectsOn(dm.Name) {
				paired[am], paired[dm] = true, true
				d.add(Change{ID: dm.ID, Kind: KindMethod, Change: "deleted", File: f.Path, Line: am.Line, Finding: finding("F6"),
					RenamedTo: am.ID, Detail: "renamed; callers changed with it"})
				d.add(Change{ID: am.ID, Kind: KindMethod, Change: "added", File: f.Path, Line: am.Line, Finding: finding("F6"),
					RenamedFrom: dm.ID, Detail: "renamed; callers changed with it"})
				break
			}
		}
	}
	return paired
}

// reflectsOn reports whether a string constant in the project names the member.
func (d *differ) reflectsOn(name string) bool {
	for _, f := range d.new.Files {
		for _, t := range f.Types {
			for _, m := range t.Members {
				if m.Refs.MayReflect() || hasString(m.Refs.Strings, name) {
					return true
				}
			}
		}
	}
	return false
}

// pairRenamedTypes finds F6 class renames: a deleted and an added type whose members have
// the same bodies; the rest are reported as added or deleted types.
func (d *differ) pairRenamedTypes(added, deleted []*Type, addedFile, deletedFile map[string]string) {
	paired := map[*Type]bool{}
	for _, dt := range deleted {
		for _, at := range added {
			if paired[at] || at.Kind != dt.Kind || at.Outer != "" || dt.Outer != "" || !sameBodies(dt, at) || d.reflectsOn(dt.Name) {
				continue
			}
			paired[at], paired[dt] = true, true
			d.add(Change{ID: dt.ID, Kind: KindType, Change: "deleted", File: deletedFile[dt.ID], Line: dt.Line, Finding: finding("F6"),
				RenamedTo: at.ID, Detail: "type renamed; its users changed with it"})
			d.add(Change{ID: at.ID, Kind: KindType, Change: "added", File: addedFile[at.ID], Line: at.Line, Finding: finding("F6"),
				RenamedFrom: dt.ID, Detail: "type renamed; its users changed with it"})
			break
		}
	}
	for _, t := range deleted {
		if !paired[t] {
			d.add(Change{ID: t.ID, Kind: KindType, Change: "deleted", File: deletedFile[t.ID], Line: t.Line, Rerun: true, Level: "class"})
		}
	}
	for _, t := range added {
		if !paired[t] {
			d.add(Change{ID: t.ID, Kind: KindType, Change: "added", File: addedFile[t.ID], Line: t.Line, Rerun: true, Level: "class"})
		}
	}
}

func sameBodies(a, b *Type) bool {
	if len(a.Members) != len(b.Members) || len(a.Members) == 0 {
		return false
	}
	for i := range a.Members {
		x, y := a.Members[i], b.Members[i]
		if x.Kind != y.Kind || x.BodyHash != y.BodyHash || strings.Join(x.Params, ",") != strings.Join(y.Params, ",") {
			return false
		}
		if x.Kind != KindConstructor && x.Name != y.Name {
			return false
		}
	}
	return true
}
