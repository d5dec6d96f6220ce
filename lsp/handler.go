package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// LSP error codes that jsonrpc2 v0.10.0 does not define.
const (
	codeRequestCancelled jsonrpc2.Code = -32800
	codeRequestFailed    jsonrpc2.Code = -32803
)

// router is what the dispatcher calls: the server's method tables.
type router interface {
	// call answers a request. It returns errMethodNotFound for unknown methods.
	call(ctx context.Context, method string, params json.RawMessage) (any, error)
	// notify handles a notification, in arrival order with the other notifications.
	notify(ctx context.Context, method string, params json.RawMessage)
}

// errMethodNotFound is returned by router.call for methods it does not serve.
var errMethodNotFound = errors.New("method not found")

// dispatcher is the jsonrpc2 handler chain: it never blocks the connection's reader.
// Notifications are queued and handled in order on one goroutine (didOpen, didChange and
// didClose must not overtake each other). Each request runs on its own goroutine with a
// context registered under its id, so "$/cancelRequest" (numeric or string id) cancels it;
// a request first waits until every notification that arrived before it was handled, so it
// sees the document state the client expects. Panics are recovered, logged and answered.
type dispatcher struct {
	ctx    context.Context // lifetime of the server
	r      router
	logger *logger

	mu        sync.Mutex
	cond      *sync.Cond
	inflight  map[string]*inflight
	queue     []*jsonrpc2.Notification
	enqueued  uint64
	processed uint64
	stopped   bool
}

type inflight struct {
	cancel    context.CancelFunc
	cancelled bool // by the client, through $/cancelRequest
}

func newDispatcher(ctx context.Context, r router, lg *logger) *dispatcher {
	d := &dispatcher{ctx: ctx, r: r, logger: lg, inflight: map[string]*inflight{}}
	d.cond = sync.NewCond(&d.mu)
	go d.notificationLoop()
	go func() {
		<-ctx.Done()
		d.mu.Lock()
		d.stopped = true
		d.cond.Broadcast()
		d.mu.Unlock()
	}()
	return d
}

// handle is the jsonrpc2.Handler. It returns quickly and never returns an error (an error
// would make the connection close).
func (d *dispatcher) handle(_ context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req := req.(type) {
	case *jsonrpc2.Call:
		d.startCall(reply, req)
	case *jsonrpc2.Notification:
		if req.Method() == protocol.MethodCancelRequest {
			d.cancelRequest(req.Params())
			return nil
		}
		d.mu.Lock()
		d.queue = append(d.queue, req)
		d.enqueued++
		d.cond.Broadcast()
		d.mu.Unlock()
	}
	return nil
}

func (d *dispatcher) startCall(reply jsonrpc2.Replier, call *jsonrpc2.Call) {
	key := fmt.Sprintf("%q", call.ID())
	ctx, cancel := context.WithCancel(d.ctx)
	fl := &inflight{cancel: cancel}
	d.mu.Lock()
	d.inflight[key] = fl
	barrier := d.enqueued
	d.mu.Unlock()

	go func() {
		defer func() {
			d.mu.Lock()
			delete(d.inflight, key)
			d.mu.Unlock()
			cancel()
		}()
		d.waitProcessed(barrier)
		result, err := d.runCall(ctx, call)
		d.mu.Lock()
		byClient := fl.cancelled
		d.mu.Unlock()
		if byClient {
			result, err = nil, jsonrpc2.NewError(codeRequestCancelled, "request cancelled")
		} else if err != nil {
			err = toRPCError(err)
		}
		if rerr := reply(context.Background(), result, err); rerr != nil {
			d.logger.logf("reply to %s %s: %v", call.Method(), key, rerr)
		}
	}()
}

// runCall calls the router, turning panics into errors.
func (d *dispatcher) runCall(ctx context.Context, call *jsonrpc2.Call) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			d.logger.logf("panic in %s: %v\n%s", call.Method(), p, debug.Stack())
			result, err = nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("internal error in %s: %v", call.Method(), p))
		}
	}()
	return d.r.call(ctx, call.Method(), call.Params())
}

// toRPCError maps handler errors to JSON-RPC errors.
func toRPCError(err error) error {
	var rpc *jsonrpc2.Error
	switch {
	case errors.As(err, &rpc):
		return rpc
	case errors.Is(err, errMethodNotFound):
		return jsonrpc2.NewError(jsonrpc2.MethodNotFound, err.Error())
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return jsonrpc2.NewError(codeRequestCancelled, err.Error())
	}
	return jsonrpc2.NewError(codeRequestFailed, err.Error())
}

// cancelRequest cancels the request named by {"id": …}, a number or a string.
func (d *dispatcher) cancelRequest(params json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(params, &p); err != nil || len(p.ID) == 0 {
		d.logger.logf("ignoring malformed $/cancelRequest: %s", truncate(string(params), 100))
		return
	}
	var id jsonrpc2.ID
	if err := json.Unmarshal(p.ID, &id); err != nil {
		d.logger.logf("ignoring $/cancelRequest with id %s: %v", p.ID, err)
		return
	}
	key := fmt.Sprintf("%q", id)
	d.mu.Lock()
	fl := d.inflight[key]
	if fl != nil {
		fl.cancelled = true
	}
	d.mu.Unlock()
	if fl != nil {
		fl.cancel()
	}
}

// waitProcessed blocks until n notifications were handled (or the server stops).
func (d *dispatcher) waitProcessed(n uint64) {
	d.mu.Lock()
	for d.processed < n && !d.stopped {
		d.cond.Wait()
	}
	d.mu.Unlock()
}

func (d *dispatcher) notificationLoop() {
	for {
		d.mu.Lock()
		for len(d.queue) == 0 && !d.stopped {
			d.cond.Wait()
		}
		if d.stopped {
			d.mu.Unlock()
			return
		}
		n := d.queue[0]
		d.queue[0] = nil
		d.queue = d.queue[1:]
		d.mu.Unlock()

		d.runNotification(n)

		d.mu.Lock()
		d.processed++
		d.cond.Broadcast()
		d.mu.Unlock()
	}
}

func (d *dispatcher) runNotification(n *jsonrpc2.Notification) {
	defer func() {
		if p := recover(); p != nil {
			d.logger.logf("panic in %s: %v\n%s", n.Method(), p, debug.Stack())
		}
	}()
	d.r.notify(d.ctx, n.Method(), n.Params())
}
