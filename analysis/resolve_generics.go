package analysis

import (
	"cmp"
	"slices"
	"strings"
)

// Generic types, as far as call resolution needs them: a value whose declared type is a
// type parameter is typed by what the receiver's supertypes bind the parameter to
// (Frac implements Elem<Frac>, so Elem's T add(T) called on a Frac returns a Frac), else by
// the parameter's bound (a T extends Elem<T> is an Elem). A parameter without a bound is
// Object: nothing is known, as before.

// paramInScope finds the type parameter called name declared by type ctx or by a type
// enclosing it, with the type that declares it.
func (r *resolver) paramInScope(ctx, name string) (TypeParam, string, bool) {
	for cur, depth := ctx, 0; cur != "" && depth < 16; depth++ {
		t := r.s.Type(cur)
		if t == nil {
			break
		}
		if p, ok := typeParam(t.TypeParams, name); ok {
			return p, cur, true
		}
		cur = t.Outer
	}
	return TypeParam{}, "", false
}

// isTypeParam reports whether name is a type parameter in scope of the member: its own, or
// one of its type's or an enclosing type's.
func (mc *memberCtx) isTypeParam(name string) bool {
	if _, ok := typeParam(mc.methodParams, name); ok {
		return true
	}
	_, _, ok := mc.r.paramInScope(mc.typ, name)
	return ok
}

// binding is what a type parameter stands for at a receiver: a type name written in the
// declaration of where, or (param) where's own type parameter of that name.
type binding struct {
	name, where string
	param       bool
}

// bind follows the supertypes of recv, substituting type arguments, up to target and
// returns what target's type parameter param stands for there. ok is false when no path
// binds it (a raw supertype, a wildcard, a type the project does not declare).
func (r *resolver) bind(recv, target, param string) (binding, bool) {
	k := bindKey{recv, target, param}
	if res, ok := r.binds[k]; ok {
		return res.b, res.ok
	}
	b, ok := r.bindPath(recv, target, param)
	r.binds[k] = bindResult{b, ok}
	return b, ok
}

func (r *resolver) bindPath(recv, target, param string) (binding, bool) {
	if !hasString(r.idx.ancestors[recv], target) {
		r.d.typ(recv)
		return binding{}, false
	}
	type step struct {
		id  string
		env map[string]binding // the type's parameters → what they stand for
	}
	queue := []step{{id: recv}}
	seen := map[string]bool{recv: true}
	for len(queue) > 0 && len(seen) < 64 {
		st := queue[0]
		queue = queue[1:]
		r.d.typ(st.id)
		t, f := r.s.Type(st.id), r.s.FileOf(st.id)
		if t == nil || f == nil {
			continue
		}
		for i, written := range t.SupertypeNames() {
			res := r.typeIn(f, t.Outer, written) // supertypes are named in the enclosing scope
			if len(res.ids) != 1 {
				continue
			}
			sup := res.ids[0]
			supType := r.s.Type(sup)
			if supType == nil {
				continue
			}
			env := map[string]binding{}
			if i < len(t.SuperArgs) && len(t.SuperArgs[i]) == len(supType.TypeParams) {
				for j, p := range supType.TypeParams {
					switch a := t.SuperArgs[i][j]; {
					case a == "":
						// A wildcard binds nothing.
					case hasTypeParam(t.TypeParams, a):
						if b, ok := st.env[a]; ok {
							env[p.Name] = b
						} else {
							env[p.Name] = binding{name: a, where: st.id, param: true}
						}
					default:
						env[p.Name] = binding{name: a, where: st.id}
					}
				}
			}
			if sup == target {
				b, ok := env[param]
				return b, ok
			}
			if !seen[sup] {
				seen[sup] = true
				queue = append(queue, step{id: sup, env: env})
			}
		}
	}
	return binding{}, false
}

func hasTypeParam(params []TypeParam, name string) bool {
	_, ok := typeParam(params, name)
	return ok
}

// boundValue types a value of type parameter p declared by owner: by its bound, in
// owner's scope; unknown when it has none.
func (mc *memberCtx) boundValue(p TypeParam, owner string) valType {
	if p.Bound == "" || mc.boundDepth > 4 {
		return unknownVal
	}
	mc.boundDepth++
	defer func() { mc.boundDepth-- }()
	v := mc.typeValueIn(mc.r.s.FileOf(owner), owner, p.Bound, nil)
	v.static = false
	if i := slices.Index(p.BoundArgs, p.Name); i >= 0 && len(v.ids) == 1 {
		// F-bounded: T extends Elem<T>. Elem's i-th parameter is T itself.
		if t := mc.r.s.Type(v.ids[0]); t != nil && len(t.TypeParams) == len(p.BoundArgs) {
			v.self = &selfParam{typ: v.ids[0], param: t.TypeParams[i].Name}
		}
	}
	return v
}

// returnsSelf reports whether method ref, found on recvType for a value recv typed by an
// F-bound, is declared to return the bound's self parameter, directly (Elem's T add(T)) or
// through the bound's supertypes (RealElem<T> extends Elem<T>): its result is then another
// value of the receiver's type variable, typed like the receiver.
func (mc *memberCtx) returnsSelf(recv valType, recvType string, ref memberRef) bool {
	if recv.self == nil || recv.self.typ != recvType {
		return false
	}
	m := mc.r.member(ref)
	if m == nil || m.QualifiedType != "" || hasTypeParam(m.TypeParams, m.ReturnType) {
		return false
	}
	mc.r.d.typ(ref.typ)
	mc.r.d.typ(recvType)
	t := mc.r.s.Type(ref.typ)
	if t == nil || !hasTypeParam(t.TypeParams, m.ReturnType) {
		return false
	}
	if ref.typ == recvType {
		return m.ReturnType == recv.self.param
	}
	b, ok := mc.r.bind(recvType, ref.typ, m.ReturnType)
	return ok && b.param && b.where == recvType && b.name == recv.self.param
}

// boundTo types a value of what a binding names.
func (mc *memberCtx) boundTo(b binding) valType {
	t := mc.r.s.Type(b.where)
	if t == nil {
		return unknownVal
	}
	if b.param {
		p, _ := typeParam(t.TypeParams, b.name)
		return mc.boundValue(p, b.where)
	}
	// A type argument is named in the header, in the enclosing scope.
	f := mc.r.s.FileOf(b.where)
	tr := mc.r.typeIn(f, t.Outer, b.name)
	switch {
	case len(tr.ids) > 0:
		return valType{ids: tr.ids}
	case tr.lib:
		name := LibraryTypeName(b.name)
		return valType{lib: true, closed: closedLibrary[name], lname: name}
	}
	return unknownVal
}

// memberValueOn is the type of a field's value or a method's result when read through a
// receiver of project type recv: a declared type that is a type parameter of the member's
// type is substituted as recv's supertypes bind it.
func (mc *memberCtx) memberValueOn(ref memberRef, recv string) valType {
	m := mc.r.member(ref)
	if m == nil {
		return unknownVal
	}
	declared := cmp.Or(m.QualifiedType, m.ReturnType)
	if recv != "" && recv != ref.typ && !hasTypeParam(m.TypeParams, declared) && !strings.Contains(declared, ".") {
		if _, owner, ok := mc.r.paramInScope(ref.typ, declared); ok && owner == ref.typ {
			if b, ok := mc.r.bind(recv, ref.typ, declared); ok {
				return mc.boundTo(b)
			}
		}
	}
	return mc.typeValueWithArgs(mc.r.s.FileOf(ref.typ), ref.typ, declared, m.TypeArgs, m.TypeParams)
}

// argResult types the result of method ref, found on recvType for a value recv whose type
// was written with type arguments (Box<Cell> box), when the method is declared to return
// one of the type's parameters, directly or as a supertype binds it: box.get() is a Cell.
func (mc *memberCtx) argResult(recv valType, recvType string, ref memberRef) (valType, bool) {
	if len(recv.args) == 0 || len(recv.ids) != 1 {
		return valType{}, false
	}
	m := mc.r.member(ref)
	if m == nil || m.QualifiedType != "" || hasTypeParam(m.TypeParams, m.ReturnType) {
		return valType{}, false
	}
	mc.r.d.typ(ref.typ)
	mc.r.d.typ(recvType)
	decl, t := mc.r.s.Type(ref.typ), mc.r.s.Type(recvType)
	if decl == nil || t == nil || !hasTypeParam(decl.TypeParams, m.ReturnType) || len(t.TypeParams) != len(recv.args) {
		return valType{}, false
	}
	param := m.ReturnType
	if ref.typ != recvType {
		b, ok := mc.r.bind(recvType, ref.typ, param)
		if !ok || !b.param || b.where != recvType {
			return valType{}, false
		}
		param = b.name
	}
	i := slices.IndexFunc(t.TypeParams, func(p TypeParam) bool { return p.Name == param })
	if i < 0 || recv.args[i].unknown {
		return valType{}, false
	}
	return recv.args[i], true
}

// genericsSummary is what the type's head says about generics, for the index's change
// detection: its parameters and its supertypes' arguments.
func genericsSummary(t *Type) string {
	var b strings.Builder
	for _, p := range t.TypeParams {
		b.WriteString(p.Name + ":" + p.Bound + "<" + strings.Join(p.BoundArgs, ",") + ">,")
	}
	b.WriteString(";")
	for _, args := range t.SuperArgs {
		b.WriteString(strings.Join(args, ",") + ";")
	}
	return b.String()
}
