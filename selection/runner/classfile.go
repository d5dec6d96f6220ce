package runner

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// errClassFormat reports a class file this reader does not understand.
var errClassFormat = errors.New("unreadable class file")

// classSourceFile returns the SourceFile attribute of a class file (the simple name of
// the source it was compiled from, e.g. "Foo.java"). javac -g always writes it.
func classSourceFile(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	r := &classReader{b: data}
	if r.u4() != 0xCAFEBABE {
		return "", errClassFormat
	}
	r.skip(4) // minor, major
	n := int(r.u2())
	utf8 := make(map[int]string)
	for i := 1; i < n && r.err == nil; i++ {
		tag := r.u1()
		switch tag {
		case 1:
			l := int(r.u2())
			utf8[i] = string(r.bytes(l))
		case 3, 4, 9, 10, 11, 12, 17, 18:
			r.skip(4)
		case 5, 6:
			r.skip(8)
			i++
		case 7, 8, 16, 19, 20:
			r.skip(2)
		case 15:
			r.skip(3)
		default:
			return "", errClassFormat
		}
	}
	r.skip(6) // access, this, super
	r.skip(2 * int(r.u2()))
	for k := 0; k < 2; k++ { // fields, methods
		count := int(r.u2())
		for i := 0; i < count && r.err == nil; i++ {
			r.skip(6)
			r.skipAttributes()
		}
	}
	count := int(r.u2())
	for i := 0; i < count && r.err == nil; i++ {
		name := utf8[int(r.u2())]
		l := int(r.u4())
		if name == "SourceFile" && l == 2 {
			return utf8[int(r.u2())], r.err
		}
		r.skip(l)
	}
	if r.err != nil {
		return "", r.err
	}
	return "", errClassFormat
}

// classReader reads big-endian class file data, remembering the first overrun.
type classReader struct {
	b   []byte
	off int
	err error
}

func (r *classReader) need(n int) bool {
	if r.err != nil || n < 0 || r.off+n > len(r.b) {
		r.err = errClassFormat
		return false
	}
	return true
}

func (r *classReader) u1() byte {
	if !r.need(1) {
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *classReader) u2() uint16 {
	if !r.need(2) {
		return 0
	}
	r.off += 2
	return binary.BigEndian.Uint16(r.b[r.off-2:])
}

func (r *classReader) u4() uint32 {
	if !r.need(4) {
		return 0
	}
	r.off += 4
	return binary.BigEndian.Uint32(r.b[r.off-4:])
}

func (r *classReader) bytes(n int) []byte {
	if !r.need(n) {
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

func (r *classReader) skip(n int) { r.bytes(n) }

func (r *classReader) skipAttributes() {
	count := int(r.u2())
	for i := 0; i < count && r.err == nil; i++ {
		r.skip(2)
		r.skip(int(r.u4()))
	}
}

// classMethods reads a class file's superclass (binary name with dots) and its methods'
// names and descriptors.
func classMethods(path string) (super string, methods [][2]string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	r := &classReader{b: data}
	if r.u4() != 0xCAFEBABE {
		return "", nil, errClassFormat
	}
	r.skip(4)
	n := int(r.u2())
	utf8 := make(map[int]string)
	class := make(map[int]int)
	for i := 1; i < n && r.err == nil; i++ {
		switch tag := r.u1(); tag {
		case 1:
			utf8[i] = string(r.bytes(int(r.u2())))
		case 7:
			class[i] = int(r.u2())
		case 3, 4, 9, 10, 11, 12, 17, 18:
			r.skip(4)
		case 5, 6:
			r.skip(8)
			i++
		case 8, 16, 19, 20:
			r.skip(2)
		case 15:
			r.skip(3)
		default:
			return "", nil, errClassFormat
		}
	}
	r.skip(4) // access, this
	if s := int(r.u2()); s != 0 {
		super = strings.ReplaceAll(utf8[class[s]], "/", ".")
	}
	r.skip(2 * int(r.u2()))
	count := int(r.u2()) // fields
	for i := 0; i < count && r.err == nil; i++ {
		r.skip(6)
		r.skipAttributes()
	}
	count = int(r.u2())
	for i := 0; i < count && r.err == nil; i++ {
		r.skip(2)
		name, desc := utf8[int(r.u2())], utf8[int(r.u2())]
		r.skipAttributes()
		methods = append(methods, [2]string{name, desc})
	}
	return super, methods, r.err
}

// launchSelectors spells method selectors the way JUnit resolves them: a method taking
// parameters (parameterized tests, injected arguments) must be named with its parameter
// types, read here from the compiled classes (the class and its superclasses in the
// shadow tree). Methods not found keep their bare name.
func launchSelectors(sel []Selector, classDirs []string) []Selector {
	out := make([]Selector, 0, len(sel))
	cache := map[string]struct {
		super   string
		methods [][2]string
	}{}
	load := func(class string) (string, [][2]string, bool) {
		if c, ok := cache[class]; ok {
			return c.super, c.methods, c.methods != nil || c.super != ""
		}
		for _, d := range classDirs {
			p := filepath.Join(d, filepath.FromSlash(strings.ReplaceAll(class, ".", "/"))+".class")
			if s, m, err := classMethods(p); err == nil {
				cache[class] = struct {
					super   string
					methods [][2]string
				}{s, m}
				return s, m, true
			}
		}
		cache[class] = struct {
			super   string
			methods [][2]string
		}{}
		return "", nil, false
	}
	for _, s := range sel {
		if s.Method == "" || strings.ContainsRune(s.Method, '(') {
			out = append(out, s)
			continue
		}
		seen := map[string]bool{}
		var forms []Selector
		for class, depth := s.Class, 0; class != "" && depth < 20; depth++ {
			super, methods, ok := load(class)
			if !ok {
				break
			}
			for _, m := range methods {
				if m[0] != s.Method {
					continue
				}
				params := analysis.DescriptorParams(m[1]) // JUnit's method selector spelling
				key := strings.Join(params, ", ")
				if seen[key] {
					continue // overridden in a subclass
				}
				seen[key] = true
				name := s.Method
				if len(params) > 0 {
					name += "(" + key + ")"
				}
				forms = append(forms, Selector{Class: s.Class, Method: name})
			}
			class = super
		}
		if len(forms) == 0 {
			forms = []Selector{s}
		}
		out = append(out, forms...)
	}
	return out
}
