package analysis

import "strings"

// DescriptorParams returns the parameter types of a JVM method descriptor as dotted binary
// names with array brackets ("java.lang.String", "int", "java.util.Map$Entry[]"); nil when
// desc has no parameter list.
func DescriptorParams(desc string) []string {
	i := strings.IndexByte(desc, '(') + 1
	if i <= 0 {
		return nil
	}
	var out []string
	for i < len(desc) && desc[i] != ')' {
		dims := 0
		for i < len(desc) && desc[i] == '[' {
			dims++
			i++
		}
		if i >= len(desc) {
			break
		}
		var t string
		if desc[i] == 'L' {
			end := strings.IndexByte(desc[i:], ';')
			if end < 0 {
				break
			}
			t = strings.ReplaceAll(desc[i+1:i+end], "/", ".")
			i += end + 1
		} else {
			t = descriptorPrimitives[desc[i]]
			i++
		}
		out = append(out, t+strings.Repeat("[]", dims))
	}
	return out
}

var descriptorPrimitives = map[byte]string{'Z': "boolean", 'B': "byte", 'C': "char", 'S': "short", 'I': "int", 'J': "long", 'F': "float", 'D': "double"}
