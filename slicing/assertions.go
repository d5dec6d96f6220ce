package slicing

import (
	"strconv"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// frameworkAssertion reports whether a method name is an assertion of a known framework:
// JUnit 3/4/5 (assert*, fail), Hamcrest, AssertJ and Truth entry points (assertThat…,
// assertWithMessage, assertAbout), Mockito verification, or a user-configured name.
func (p *project) frameworkAssertion(name string) bool {
	if p.extra[name] {
		return true
	}
	if strings.HasPrefix(name, "assert") {
		return true
	}
	switch name {
	case "fail", "verify", "verifyNoMoreInteractions", "verifyNoInteractions", "verifyZeroInteractions":
		return true
	}
	return false
}

// comparesArguments reports whether a framework assertion runs equals, hashCode or
// compareTo of the objects it is given (assertEquals(expected, actual) calls
// expected.equals(actual)), whose project code may change state.
func comparesArguments(name string) bool {
	switch name {
	case "assertEquals", "assertNotEquals", "assertArrayEquals", "assertIterableEquals", "assertThat":
		return true
	}
	return false // assertSame compares references, and prints its arguments only when it fails
}

// mutatesArguments reports whether a framework assertion changes the state of what it is
// given: Mockito's verify marks interactions as verified, which later
// verifyNoMoreInteractions reads.
func mutatesArguments(name string) bool { return strings.HasPrefix(name, "verify") }

// deferredAssertion reports whether a framework assertion runs the lambdas it is given as
// part of the check, so assertions inside those lambdas belong to it.
func deferredAssertion(name string) bool {
	return strings.HasPrefix(name, "assert") || name == "isThrownBy" || name == "fail"
}

// computeHelpers finds the custom assertion helpers: non-test methods in test sources that
// call a framework assertion or, transitively, another helper. Matching is by name and
// arity, which can only add assertions, never lose one.
func (p *project) computeHelpers() {
	type cand struct {
		m *analysis.Member
		t *analysis.Type
	}
	var cands []cand
	for _, rel := range p.snap.SortedPaths() {
		f := p.snap.Files[rel]
		if !f.Test {
			continue
		}
		for _, t := range f.Types {
			for _, m := range t.Members {
				if m.Kind == analysis.KindMethod && !p.isTestMethod(t, m) {
					cands = append(cands, cand{m, t})
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range cands {
			key := helperKey(c.m)
			if p.helpers[key] {
				continue
			}
			for _, call := range c.m.Refs.Calls {
				if call.Name == "<init>" || call.MethRef {
					continue
				}
				if p.frameworkAssertion(call.Name) || p.isHelperCall(call.Name, call.Arity) {
					p.helpers[key] = true
					changed = true
					break
				}
			}
		}
	}
}

func helperKey(m *analysis.Member) string {
	if m.Varargs {
		return m.Name + "/" + strconv.Itoa(len(m.Params)-1) + "+"
	}
	return m.Name + "/" + strconv.Itoa(len(m.Params))
}

// isHelperCall reports whether a call by name and arity may reach a custom assertion helper.
func (p *project) isHelperCall(name string, arity int) bool {
	if len(p.helpers) == 0 {
		return false
	}
	if arity < 0 {
		for k := range p.helpers {
			if len(k) > len(name) && k[:len(name)+1] == name+"/" {
				return true
			}
		}
		return false
	}
	if p.helpers[name+"/"+strconv.Itoa(arity)] {
		return true
	}
	for n := 0; n <= arity; n++ {
		if p.helpers[name+"/"+strconv.Itoa(n)+"+"] {
			return true
		}
	}
	return false
}

// isAssertionCall reports whether a call site checks something: a framework assertion, a
// custom helper, or a user-configured name.
func (p *project) isAssertionCall(name string, arity int) bool {
	return p.frameworkAssertion(name) || p.isHelperCall(name, arity)
}

// passingComparison returns the arguments whose equals a JUnit assertEquals,
// assertNotEquals or assertArrayEquals call runs when it passes: JUnit compares by
// expected.equals(actual) (element by element for arrays) and prints both values only
// when it fails. ok is false when every operand counts: the call is not the whole
// statement (a failure inside assertThrows, a catch or assertAll lets the test go on
// with what printing the values did), the class has an ExpectedException rule (a body
// may end in an expected failure and code after it still runs), the file may use
// TestNG (which compares both ways), or the arity is not a comparison's. Which argument
// is the expected one depends on the framework: JUnit 3 and 4 put a message first
// (assertEquals(message, expected, actual)), JUnit 5 last; when the file does not tell,
// both readings' expected arguments count.
func (c *scanCtx) passingComparison(toks []analysis.Token, chain []segment) (args []int, ok bool) {
	self := chain[len(chain)-1]
	switch self.name {
	case "assertEquals", "assertNotEquals", "assertArrayEquals":
	default:
		return nil, false
	}
	if c.body || c.t == nil || chain[0].idx != 0 || self.close < 0 ||
		!(self.close == len(toks)-1 || self.close == len(toks)-2 && toks[len(toks)-1].Is(c.src, ";")) {
		return nil, false
	}
	qualifier := ""
	switch len(chain) {
	case 1:
	case 2:
		if chain[0].call {
			return nil, false
		}
		qualifier = chain[0].name
	default:
		return nil, false
	}
	for _, typ := range c.fields {
		if simpleName(typ) == "ExpectedException" {
			return nil, false
		}
	}
	jupiter, junit4 := false, false
	switch qualifier {
	case "Assertions":
		jupiter = true
	case "Assert", "TestCase":
		junit4 = true
	case "":
		junit4 = c.p.isJUnit3(c.t)
	default:
		return nil, false
	}
	if f := c.p.fileOf(c.t); f != nil {
		for _, imp := range f.Imports {
			switch {
			case strings.HasPrefix(imp.Name, "org.testng"):
				return nil, false
			case qualifier != "" || !imp.Static:
			case strings.HasPrefix(imp.Name, "org.junit.jupiter.api.Assertions"):
				jupiter = true
			case strings.HasPrefix(imp.Name, "org.junit.Assert"), strings.HasPrefix(imp.Name, "junit.framework."):
				junit4 = true
			}
		}
	}
	switch n := countArgs(c.src, toks, self.open, self.close); {
	case n == 2:
		return []int{0}, true
	case n == 3 && jupiter && !junit4:
		return []int{0}, true
	case n == 3 && junit4 && !jupiter:
		return []int{1}, true
	case n == 3:
		return []int{0, 1}, true
	}
	return nil, false
}
