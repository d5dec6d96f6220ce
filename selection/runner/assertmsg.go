package runner

import (
	"regexp"
	"strings"
)

// Expected/actual shapes of the common assertion libraries.
var (
	// JUnit 4: "msg expected:<X> but was:<Y>"; JUnit 5: "expected: <X> but was: <Y>".
	junitExpRe = regexp.MustCompile(`(?s)expected: ?<(.*)> but was: ?<(.*)>\s*$`)
	// AssertJ (3.x): "\nexpected: X\n but was: Y".
	assertjExpRe = regexp.MustCompile(`(?s)expected: (.*?)\n\s*but was: (.*?)\s*$`)
	// Older AssertJ: "Expecting:\n <Y>\nto be equal to:\n <X>".
	assertjOldRe = regexp.MustCompile(`(?s)Expecting(?: actual)?:\s*\n\s*<?(.*?)>?\s*\nto be equal to:\s*\n\s*<?(.*?)>?\s*(?:\nbut was not\.)?\s*$`)
	// Hamcrest: "\nExpected: X\n     but: was Y".
	hamcrestRe = regexp.MustCompile(`(?s)Expected: (.*?)\n\s*but: (.*?)\s*$`)
)

// expectedActual extracts expected and actual values from an assertion message. typ is
// the exception class; JUnit 4's ComparisonFailure marks the differing part with [ ],
// which is removed.
func expectedActual(msg, typ string) (expected, actual string) {
	if m := junitExpRe.FindStringSubmatch(msg); m != nil {
		expected, actual = m[1], m[2]
		if strings.HasSuffix(typ, "ComparisonFailure") {
			expected, actual = unmarkDiff(expected), unmarkDiff(actual)
		}
		return expected, actual
	}
	if m := assertjExpRe.FindStringSubmatch(msg); m != nil {
		return strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	}
	if m := assertjOldRe.FindStringSubmatch(msg); m != nil {
		return strings.TrimSpace(m[2]), strings.TrimSpace(m[1])
	}
	if m := hamcrestRe.FindStringSubmatch(msg); m != nil {
		return strings.TrimSpace(m[1]), strings.TrimPrefix(strings.TrimSpace(m[2]), "was ")
	}
	return "", ""
}

// unmarkDiff removes ComparisonFailure's "[...]" around the differing part.
func unmarkDiff(s string) string {
	i := strings.IndexByte(s, '[')
	j := strings.LastIndexByte(s, ']')
	if i < 0 || j < i {
		return s
	}
	return s[:i] + s[i+1:j] + s[j+1:]
}
