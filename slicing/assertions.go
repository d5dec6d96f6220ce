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
