package analysis

import "strings"

// Select is one field access that is not a call. Qualified accesses ("a.b.f", "this.f",
// "foo().f") keep their receiver with the conventions of Call.Receiver; an unqualified name
// is recorded only when it is assigned ("f = …", "f += …", "f++"), with a nil Receiver,
// since unqualified reads are already in Refs.Names.
type Select struct {
	Receiver []string
	Name     string
	Line     int
	Write    bool
}

// scanSelects adds field accesses and class literals to r. It is a second, cheap pass over
// the tokens ScanRefs has already read; r.Calls must be complete so that receivers can
// point at earlier calls.
func scanSelects(src []byte, toks []Token, r *Refs, at []int) {
	lines := newLineCounter(src, toks)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind != TokIdent {
			continue
		}
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1].Text(src)
		}
		if next == "." && i+2 < len(toks) && toks[i+2].Is(src, "class") {
			if classMetadataCall(src, toks, i+3) {
				continue // the type is in Refs.Types: a mention, no member is looked up
			}
			if chain := receiverChain(src, toks, i); len(chain) > 0 && chain[0] != "?" && !loggerNameArgument(src, toks, i-2*(len(chain)-1), i+3) {
				r.ClassLits = append(r.ClassLits, strings.Join(chain, "."))
			}
			continue
		}
		if next == "(" || next == "." || next == "::" || next == "->" {
			continue
		}
		qualified := i >= 2 && toks[i-1].Is(src, ".")
		write := isAssigned(src, toks, i) || (qualified && isPreIncrement(src, toks, i))
		if !qualified && !write {
			continue
		}
		if !qualified && i > 0 && (toks[i-1].Kind == TokIdent || toks[i-1].Is(src, ">") || toks[i-1].Is(src, "]") || IsPrimitive(toks[i-1].Text(src))) {
			continue // a declaration "T x = …", not a write to a field
		}
		s := Select{Name: t.Text(src), Line: lines.at(t.Start), Write: write}
		if qualified {
			s.Receiver = receiverOf(src, toks, i, r.Calls, at)
		}
		r.Selects = append(r.Selects, s)
	}
}

// isAssigned reports whether the name at toks[i] is the target of an assignment, a compound
// assignment or a postfix increment.
func isAssigned(src []byte, toks []Token, i int) bool {
	if i+1 >= len(toks) {
		return false
	}
	a := toks[i+1]
	b := ""
	if i+2 < len(toks) {
		b = toks[i+2].Text(src)
	}
	switch a.Text(src) {
	case "=":
		return b != "="
	case "+", "-":
		return b == "=" || b == a.Text(src)
	case "*", "/", "%", "&", "|", "^":
		return b == "="
	}
	return false
}

// isPreIncrement reports "++a.b.f" / "--a.b.f" for the chain ending at toks[i].
func isPreIncrement(src []byte, toks []Token, i int) bool {
	j := i
	for j >= 2 && toks[j-1].Is(src, ".") {
		j -= 2
	}
	return j >= 2 && ((toks[j-1].Is(src, "+") && toks[j-2].Is(src, "+")) || (toks[j-1].Is(src, "-") && toks[j-2].Is(src, "-")))
}

// lineCounter turns increasing byte offsets into 1-based lines in time linear in the text
// it passes over.
type lineCounter struct {
	src  []byte
	off  int
	line int
}

// newLineCounter returns a counter for offsets at or after the first of toks: a member's
// tokens are read without counting the lines of the file before it more than once.
func newLineCounter(src []byte, toks []Token) *lineCounter {
	if len(toks) == 0 {
		return &lineCounter{src: src, line: 1}
	}
	return &lineCounter{src: src, off: toks[0].Start, line: lineOf(src, toks[0].Start)}
}

func (c *lineCounter) at(off int) int {
	for ; c.off < off && c.off < len(c.src); c.off++ {
		if c.src[c.off] == '\n' {
			c.line++
		}
	}
	return c.line
}

// classMetadataMethods are methods of java.lang.Class that tell about the class itself
// (its simple name, loader, resources, kind) without handing out its members, constants or
// related classes. Not its full name: Class.forName takes it back to the class and to its
// constructors (commons-pool keeps DefaultEvictionPolicy.class.getName() in a config
// field and makes the policy by that name).
var classMetadataMethods = map[string]bool{"getSimpleName": true, "getPackage": true, "getPackageName": true, "getClassLoader": true, "getResource": true,
	"getResourceAsStream": true, "getModule": true, "desiredAssertionStatus": true, "isInstance": true,
	"isAssignableFrom": true, "isInterface": true, "isArray": true, "isPrimitive": true, "isEnum": true,
	"isAnnotation": true, "isRecord": true, "isSynthetic": true, "isAnonymousClass": true, "isLocalClass": true,
	"isMemberClass": true, "getModifiers": true, "hashCode": true, "toString": true, "equals": true, "cast": true}

// loggerFactories are the logging facades whose getLogger(X.class) / getLog(X.class) only
// read the class's name: SLF4J, commons-logging, Log4j 2, JBoss Logging.
var loggerFactories = map[string]bool{"LoggerFactory": true, "LogFactory": true, "LogManager": true, "Logger": true}

// loggerNameArgument reports whether the class literal whose tokens run from toks[start]
// to before toks[end] is the only argument of a logging facade's getLogger or getLog
// (LoggerFactory.getLogger(Foo.class)): the facade names the logger after the class and
// runs none of its members, so the literal is a mention, not a reflective reach (every
// class with such a logger reached all its members from its static initializer).
func loggerNameArgument(src []byte, toks []Token, start, end int) bool {
	if start < 4 || end >= len(toks) || !toks[end].Is(src, ")") || !toks[start-1].Is(src, "(") {
		return false
	}
	name := toks[start-2].Text(src)
	return (name == "getLogger" || name == "getLog") && toks[start-3].Is(src, ".") &&
		loggerFactories[toks[start-4].Text(src)]
}

// classMetadataCall reports whether toks[i:] starts ". m(" with m one of
// classMetadataMethods: what follows a class literal that is only asked about itself.
func classMetadataCall(src []byte, toks []Token, i int) bool {
	return i+2 < len(toks) && toks[i].Is(src, ".") && classMetadataMethods[toks[i+1].Text(src)] && toks[i+2].Is(src, "(")
}
