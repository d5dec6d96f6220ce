package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"go.lsp.dev/protocol"
)

// progressTracker creates work-done progress tokens and routes
// window/workDoneProgress/cancel to the work they belong to.
type progressTracker struct {
	s      *server
	mu     sync.Mutex
	seq    int
	active map[string]context.CancelFunc // token (raw JSON) → cancel
}

func newProgressTracker(s *server) *progressTracker {
	return &progressTracker{s: s, active: map[string]context.CancelFunc{}}
}

// progress reports one piece of work through $/progress. It is a no-op when the client
// supports no progress. Its ctx is cancelled when the client cancels the progress.
type progress struct {
	t      *progressTracker
	token  json.RawMessage // nil: no progress reporting
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	lastPct  uint32
	lastSent time.Time
	ended    bool
}

// progressParams is $/progress; the token is kept raw so numbers and strings round-trip.
type progressParams struct {
	Token json.RawMessage `json:"token"`
	Value any             `json:"value"`
}

// begin starts reporting progress for work titled title. A token given by the client (a
// request's workDoneToken) is used as is; otherwise one is created with
// window/workDoneProgress/create when the client supports it.
func (t *progressTracker) begin(ctx context.Context, title string, cancellable bool, clientToken json.RawMessage) *progress {
	pctx, cancel := context.WithCancel(ctx)
	p := &progress{t: t, ctx: pctx, cancel: cancel}
	token := clientToken
	if len(token) == 0 || string(token) == "null" {
		token = nil
		if !t.s.clientCaps().workDoneProgress {
			return p
		}
		// Requests to the client wait for "initialized" (a bounded wait: a client that never
		// sends it still gets progress).
		select {
		case <-t.s.initDone:
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
		}
		t.mu.Lock()
		t.seq++
		token, _ = json.Marshal(fmt.Sprintf("assertlens-%d", t.seq))
		t.mu.Unlock()
		cctx, ccancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := t.s.conn.Call(cctx, protocol.MethodWorkDoneProgressCreate, map[string]json.RawMessage{"token": token}, nil)
		ccancel()
		if err != nil {
			t.s.log.logf("window/workDoneProgress/create: %v", err)
			return p
		}
	}
	p.token = token
	t.mu.Lock()
	t.active[string(token)] = cancel
	t.mu.Unlock()
	p.send(&protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Cancellable: cancellable})
	return p
}

// report sends done/total, at most every 100 ms unless the percentage jumped.
func (p *progress) report(done, total int) {
	if p.token == nil || total <= 0 {
		return
	}
	pct := uint32(done * 100 / total)
	if pct > 100 {
		pct = 100
	}
	p.mu.Lock()
	if p.ended || pct == p.lastPct || (time.Since(p.lastSent) < 100*time.Millisecond && pct < p.lastPct+10) {
		p.mu.Unlock()
		return
	}
	p.lastPct, p.lastSent = pct, time.Now()
	p.mu.Unlock()
	p.send(&protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport, Percentage: pct,
		Message: fmt.Sprintf("%d/%d", done, total)})
}

// message sends a textual report.
func (p *progress) message(msg string) {
	if p.token != nil {
		p.send(&protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport, Message: msg})
	}
}

// end finishes the progress.
func (p *progress) end(msg string) {
	p.mu.Lock()
	already := p.ended
	p.ended = true
	p.mu.Unlock()
	if already {
		return
	}
	if p.token != nil {
		p.t.mu.Lock()
		delete(p.t.active, string(p.token))
		p.t.mu.Unlock()
		p.send(&protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: msg})
	}
	p.cancel()
}

func (p *progress) send(v any) {
	if err := p.t.s.conn.Notify(context.Background(), protocol.MethodProgress, &progressParams{Token: p.token, Value: v}); err != nil {
		p.t.s.log.logf("$/progress: %v", err)
	}
}

// cancel handles window/workDoneProgress/cancel.
func (t *progressTracker) cancel(raw json.RawMessage) error {
	var p struct {
		Token json.RawMessage `json:"token"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	t.mu.Lock()
	cancel := t.active[string(p.Token)]
	t.mu.Unlock()
	if cancel == nil {
		return fmt.Errorf("no work with progress token %s", p.Token)
	}
	cancel()
	return nil
}
