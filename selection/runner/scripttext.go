package runner

import (
	"crypto/sha256"
	"encoding/hex"
)

// hashBytes returns a hex SHA-256 of data.
func hashBytes(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// stripScriptComments replaces the comments of a Gradle build script (Groovy and Kotlin
// share Java's comment syntax) with spaces, keeping newlines, so a dependency mentioned in
// a comment is not read as declared. String and char literals are kept as they are. Java
// sources are never read this way: the analysis lexer reads them.
func stripScriptComments(src []byte) []byte {
	out := make([]byte, len(src))
	copy(out, src)
	for i := 0; i < len(out); {
		switch {
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '/':
			for i < len(out) && out[i] != '\n' {
				out[i] = ' '
				i++
			}
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '*':
			j := i + 2
			for j+1 < len(out) && !(out[j] == '*' && out[j+1] == '/') {
				j++
			}
			end := j + 2
			if end > len(out) {
				end = len(out)
			}
			for k := i; k < end; k++ {
				if out[k] != '\n' {
					out[k] = ' '
				}
			}
			i = end
		case out[i] == '"' || out[i] == '\'':
			i = skipLiteral(out, i)
		default:
			i++
		}
	}
	return out
}

// skipLiteral returns the offset just past the string, text block or char literal at i.
func skipLiteral(src []byte, i int) int {
	q := src[i]
	if q == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"' {
		for j := i + 3; j+2 < len(src); j++ {
			if src[j] == '\\' {
				j++
				continue
			}
			if src[j] == '"' && src[j+1] == '"' && src[j+2] == '"' {
				return j + 3
			}
		}
		return len(src)
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(src)
}
