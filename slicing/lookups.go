package slicing

// lookupDeps is what one effect proof or one test method's analysis looked up by name
// besides bodies: "T:" type names, "M:" method names looked up across the project,
// "M:Type#name" and "F:Type#name" methods and fields looked up in one type, and "FT:" types
// whose whole field list it read. A declaration edit re-checks exactly the proofs and analyses
// whose names it touches.
type lookupDeps map[string]bool

// note records a lookup by name for the proof or analysis being made, if any.
func (p *project) note(name string) {
	if n := len(p.frames); n > 0 {
		p.frames[n-1][name] = true
	}
}

// memoLookups runs fn, which works out something a memo keeps, and returns the lookups it
// made; they are noted for the caller too, and a memo notes them again for every later
// asker (whose proof depends on them as much).
func (p *project) memoLookups(fn func()) []string {
	frame := lookupDeps{}
	p.frames = append(p.frames, frame)
	fn()
	p.frames = p.frames[:len(p.frames)-1]
	lookups := make([]string, 0, len(frame))
	for n := range frame {
		lookups = append(lookups, n)
		p.note(n)
	}
	return lookups
}

// track runs fn as the making of key, recording what it looks up.
func (p *project) track(key string, fn func()) {
	frame := lookupDeps{}
	p.frames = append(p.frames, frame)
	fn()
	p.frames = p.frames[:len(p.frames)-1]
	if p.deps == nil {
		p.deps = map[string]lookupDeps{}
	}
	p.deps[key] = frame
}

// eachDeps calls fn with every recorded key and its lookups (own records win).
func (p *project) eachDeps(fn func(key string, d lookupDeps)) {
	for k, d := range p.deps {
		fn(k, d)
	}
	for k, d := range p.inheritedDeps {
		if len(p.deps) > 0 {
			if _, own := p.deps[k]; own {
				continue
			}
		}
		fn(k, d)
	}
}

// testKey is the lookup record key of a test method's analysis.
func testKey(memberID string) string { return "test:" + memberID }
