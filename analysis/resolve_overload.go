package analysis

import (
	"cmp"
	"slices"
	"strings"
)

// Overload resolution follows the phases of JLS 15.12.2: methods applicable by subtyping
// and primitive widening alone, then with boxing and unboxing, then variable arity. Each
// argument fits a parameter surely, maybe (its type is not known well enough to tell) or
// not at all; a candidate is dropped only when some argument certainly does not fit.

type fit int

const (
	noFit fit = iota
	maybeFit
	sureFit
)

// primitiveWidening lists, per primitive type, the primitive types it widens to (itself
// included) by JLS 5.1.2.
var primitiveWidening = map[string][]string{
	"byte":    {"byte", "short", "int", "long", "float", "double"},
	"short":   {"short", "int", "long", "float", "double"},
	"char":    {"char", "int", "long", "float", "double"},
	"int":     {"int", "long", "float", "double"},
	"long":    {"long", "float", "double"},
	"float":   {"float", "double"},
	"double":  {"double"},
	"boolean": {"boolean"},
}

// boxes maps each primitive type to its wrapper class and back.
var boxes = map[string]string{
	"byte": "Byte", "short": "Short", "char": "Character", "int": "Integer", "long": "Long",
	"float": "Float", "double": "Double", "boolean": "Boolean",
	"Byte": "byte", "Short": "short", "Character": "char", "Integer": "int", "Long": "long",
	"Float": "float", "Double": "double", "Boolean": "boolean",
}

// boxSupers are the library reference types a boxed primitive may be passed as.
var boxSupers = map[string]bool{"Object": true, "Number": true, "Comparable": true, "Serializable": true, "Constable": true}

// literalValue types an argument summary of Call.Args that is a literal.
func literalValue(arg string) (valType, bool) {
	switch arg {
	case "#int", "#long", "#float", "#double", "#char", "#boolean", "#String", "#null":
		return valType{lib: true, lname: arg[1:], closed: arg == "#String"}, true
	}
	return valType{}, false
}

// argFits tells whether an argument of type a fits parameter p (written in type owner's
// file, q with its qualifier when it has one: java.util.stream.Stream where p is Stream) in
// the given phase (1: no boxing, 2: boxing).
func (r *resolver) argFits(owner, p, q string, a valType, phase int) fit {
	written := cmp.Or(q, p)
	if a.unknown || a.static {
		return maybeFit
	}
	pPrim := primitives[p]
	pArray := strings.HasSuffix(p, "[]")
	if a.lname == "null" {
		if pPrim {
			return noFit
		}
		return sureFit
	}
	if len(a.ids) > 0 {
		if pPrim || pArray {
			return noFit
		}
		pr := r.typeIn(r.s.FileOf(owner), owner, written)
		switch {
		case len(pr.ids) > 0:
			for _, aid := range a.ids {
				for _, want := range pr.ids {
					if want == aid || hasString(r.idx.ancestors[aid], want) {
						if len(a.ids) == 1 && len(pr.ids) == 1 && !pr.wide {
							return sureFit
						}
						return maybeFit
					}
				}
			}
			if pr.wide {
				return maybeFit // the parameter's type was matched by name only: perhaps a library's
			}
			return noFit
		case pr.lib && (closedLibrary[p] || boxes[p] != ""):
			return noFit // final library classes: no project type is one
		}
		return maybeFit
	}
	if !a.lib {
		return maybeFit
	}
	// A library value (primitive, array, String, ...): never a project object.
	if !pPrim && !pArray && !looksLikeTypeVariable(p) {
		if pr := r.typeIn(r.s.FileOf(owner), owner, written); len(pr.ids) > 0 && !pr.wide {
			return noFit
		}
	}
	an := a.lname
	if an == "" {
		return maybeFit
	}
	_, aPrim := primitiveWidening[an]
	switch {
	case aPrim && pPrim:
		if hasString(primitiveWidening[an], p) {
			return sureFit
		}
		return noFit
	case aPrim: // boxing needed
		if phase < 2 || pArray {
			return noFit
		}
		if boxes[an] == p || boxSupers[p] {
			return sureFit
		}
		if boxes[p] != "" || closedLibrary[p] {
			return noFit
		}
		return maybeFit // a type variable, or a library interface such as Constable
	case pPrim: // unboxing needed
		prim, unboxable := boxes[an]
		if !unboxable || phase < 2 {
			if strings.HasSuffix(an, "[]") || closedLibrary[an] || phase < 2 && unboxable {
				return noFit
			}
			return maybeFit
		}
		if hasString(primitiveWidening[prim], p) {
			return sureFit
		}
		return noFit
	case an == p:
		return sureFit
	case closedLibrary[an] && closedLibrary[p], boxes[an] != "" && boxes[p] != "":
		return noFit // two different final library classes
	case strings.HasSuffix(an, "[]") != pArray && !looksLikeTypeVariable(p) && p != "Object" && p != "Cloneable" && p != "Serializable":
		return noFit // an array is none of the other reference types, and vice versa
	}
	return maybeFit
}

// narrowOverloads keeps the candidates JLS overload resolution may choose given what is
// known of the argument types: every candidate that may be applicable in the phases up to
// the first one with a surely applicable candidate. With nothing known, or when no
// candidate seems applicable (broken code or a gap in the typing), it keeps them all.
func (r *resolver) narrowOverloads(cands []memberRef, args []valType) []memberRef {
	if len(cands) < 2 || len(args) == 0 {
		return cands
	}
	var out, sures []memberRef
	seen := map[memberRef]bool{}
	for phase := 1; phase <= 3; phase++ {
		for _, c := range cands {
			m := r.member(c)
			if m == nil {
				continue
			}
			f := r.candidateFits(c.typ, m, args, phase)
			if f == noFit {
				continue
			}
			if f == sureFit && phase < 3 {
				sures = append(sures, c)
			}
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
		if len(sures) > 0 {
			break
		}
	}
	if len(out) == 0 {
		return cands
	}
	// JLS 15.12.2.5: of the surely applicable methods the most specific is chosen, so one
	// whose primitive parameters another's widen to is never called (show(long) over
	// show(double) for a long argument). Candidates that only may apply stay.
	return slices.DeleteFunc(out, func(c memberRef) bool {
		return slices.Contains(sures, c) && slices.ContainsFunc(sures, func(o memberRef) bool {
			return o != c && r.morePrimitiveSpecific(r.member(o), r.member(c))
		})
	})
}

// morePrimitiveSpecific reports whether every parameter of a widens to b's, at least one
// strictly, the parameters that differ being primitive.
func (r *resolver) morePrimitiveSpecific(a, b *Member) bool {
	if a == nil || b == nil || len(a.Params) != len(b.Params) || a.Varargs || b.Varargs {
		return false
	}
	strict := false
	for i, pa := range a.Params {
		pb := b.Params[i]
		switch {
		case pa == pb:
		case primitives[pa] && primitives[pb] && hasString(primitiveWidening[pa], pb):
			strict = true
		default:
			return false
		}
	}
	return strict
}

// candidateFits is how surely m is applicable to args in a phase (3: variable arity).
func (r *resolver) candidateFits(owner string, m *Member, args []valType, phase int) fit {
	if phase < 3 && len(m.Params) != len(args) {
		return noFit
	}
	if phase == 3 && (!m.Varargs || len(args) < len(m.Params)-1) {
		return noFit
	}
	worst := sureFit
	for i, a := range args {
		p, at := "", i
		switch {
		case i < len(m.Params)-1 || phase < 3:
			p = m.Params[i]
		default:
			at = len(m.Params) - 1
			p = strings.TrimSuffix(m.Params[at], "[]") // the element type
		}
		q := ""
		if at < len(m.QualifiedParams) {
			q = strings.TrimSuffix(m.QualifiedParams[at], "[]")
		}
		f := r.argFits(owner, p, q, a, min(phase, 2))
		if f == noFit {
			return noFit
		}
		if f < worst {
			worst = f
		}
	}
	return worst
}
