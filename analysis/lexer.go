package analysis

// TokenKind classifies a Java token produced by Lex.
type TokenKind uint8

// Token kinds. Comments and whitespace never become tokens.
const (
	TokIdent TokenKind = iota + 1
	TokKeyword
	TokNumber
	TokString
	TokChar
	TokPunct
)

// Token is one Java token: its kind and byte range in the source it was cut from.
type Token struct {
	Kind  TokenKind
	Start int
	End   int
}

// Text returns the token's text in src.
func (t Token) Text(src []byte) string { return string(src[t.Start:t.End]) }

// Is reports whether the token's text equals s.
func (t Token) Is(src []byte, s string) bool {
	return t.End-t.Start == len(s) && string(src[t.Start:t.End]) == s
}

var javaKeywords = map[string]bool{
	"abstract": true, "assert": true, "boolean": true, "break": true, "byte": true, "case": true,
	"catch": true, "char": true, "class": true, "const": true, "continue": true, "default": true,
	"do": true, "double": true, "else": true, "enum": true, "extends": true, "final": true,
	"finally": true, "float": true, "for": true, "goto": true, "if": true, "implements": true,
	"import": true, "instanceof": true, "int": true, "interface": true, "long": true, "native": true,
	"new": true, "package": true, "private": true, "protected": true, "public": true, "return": true,
	"short": true, "static": true, "strictfp": true, "super": true, "switch": true,
	"synchronized": true, "this": true, "throw": true, "throws": true, "transient": true,
	"try": true, "void": true, "volatile": true, "true": true, "false": true, "null": true,
}

// Lex cuts src[start:end] into Java tokens, dropping whitespace and comments. It never fails:
// unterminated literals or comments simply run to end, and unknown bytes become punctuation.
func Lex(src []byte, start, end int) []Token {
	if end > len(src) {
		end = len(src)
	}
	toks := make([]Token, 0, (end-start)/4+1)
	i := start
	for i < end {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '/' && i+1 < end && src[i+1] == '/':
			for i < end && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < end && src[i+1] == '*':
			i += 2
			for i < end && !(src[i] == '*' && i+1 < end && src[i+1] == '/') {
				i++
			}
			i += 2
		case isIdentStart(c):
			j := i + 1
			for j < end && isIdentPart(src[j]) {
				j++
			}
			kind := TokIdent
			if javaKeywords[string(src[i:j])] {
				kind = TokKeyword
			}
			toks = append(toks, Token{kind, i, j})
			i = j
		case c >= '0' && c <= '9' || (c == '.' && i+1 < end && src[i+1] >= '0' && src[i+1] <= '9'):
			j := i + 1
			for j < end && (isIdentPart(src[j]) || src[j] == '.' ||
				((src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E' || src[j-1] == 'p' || src[j-1] == 'P'))) {
				j++
			}
			toks = append(toks, Token{TokNumber, i, j})
			i = j
		case c == '"':
			j := i + 1
			if j+1 < end && src[j] == '"' && src[j+1] == '"' { // text block
				j += 2
				for j < end && !(src[j] == '"' && j+2 < end && src[j+1] == '"' && src[j+2] == '"' && src[j-1] != '\\') {
					j++
				}
				j += 3
			} else {
				for j < end && src[j] != '"' && src[j] != '\n' {
					if src[j] == '\\' {
						j++
					}
					j++
				}
				j++
			}
			if j > end {
				j = end
			}
			toks = append(toks, Token{TokString, i, j})
			i = j
		case c == '\'':
			j := i + 1
			for j < end && src[j] != '\'' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j++
			if j > end {
				j = end
			}
			toks = append(toks, Token{TokChar, i, j})
			i = j
		default:
			j := i + 1
			// Multi-character operators that matter for reading code: "::", "->", "...".
			if j < end && ((c == ':' && src[j] == ':') || (c == '-' && src[j] == '>')) {
				j++
			} else if c == '.' && j+1 < end && src[j] == '.' && src[j+1] == '.' {
				j += 2
			}
			toks = append(toks, Token{TokPunct, i, j})
			i = j
		}
	}
	return toks
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }
