package analysis

// deps records what a file's resolution looked at outside the file, so that an update can
// tell which other files must be resolved again. The same structure, filled from the
// differences between two snapshots, describes what an update made dirty.
type deps struct {
	types   map[string]struct{} // type ids whose members, supertypes or existence were read
	names   map[string]struct{} // simple type names looked up (a new type may now match)
	methods map[string]struct{} // method names matched across the whole project
	fields  map[string]struct{} // field names matched across the whole project
	subs    map[string]struct{} // type ids whose transitive subtypes were enumerated
}

func newDeps() *deps {
	return &deps{types: map[string]struct{}{}, names: map[string]struct{}{}, methods: map[string]struct{}{},
		fields: map[string]struct{}{}, subs: map[string]struct{}{}}
}

func (d *deps) typ(id string) {
	if d != nil {
		d.types[id] = struct{}{}
	}
}

func (d *deps) name(n string) {
	if d != nil {
		d.names[n] = struct{}{}
	}
}

func (d *deps) method(n string) {
	if d != nil {
		d.methods[n] = struct{}{}
	}
}

func (d *deps) field(n string) {
	if d != nil {
		d.fields[n] = struct{}{}
	}
}

func (d *deps) sub(id string) {
	if d != nil {
		d.subs[id] = struct{}{}
	}
}

func (d *deps) empty() bool {
	return len(d.types)+len(d.names)+len(d.methods)+len(d.fields)+len(d.subs) == 0
}

// meets reports whether d read anything that dirty marks as changed.
func (d *deps) meets(dirty *deps) bool {
	return overlaps(d.types, dirty.types) || overlaps(d.names, dirty.names) ||
		overlaps(d.methods, dirty.methods) || overlaps(d.fields, dirty.fields) || overlaps(d.subs, dirty.subs)
}

func overlaps(a, b map[string]struct{}) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	for k := range a {
		if _, ok := b[k]; ok {
			return true
		}
	}
	return false
}
