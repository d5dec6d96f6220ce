package lsptest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// stream is the editor's side of the LSP framing. Writes share one mutex with SendRaw, so
// raw test input never interleaves with a framed message.
type stream struct {
	in  *bufio.Reader
	out io.WriteCloser
	wmu sync.Mutex
	// intercept sees every decoded message first; when it returns true the message is not
	// given to the connection (responses to raw calls, error replies with a null id).
	intercept func(raw []byte, msg jsonrpc2.Message) bool
}

func newReader(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 64<<10) }

// Read implements jsonrpc2.Stream.
func (s *stream) Read(context.Context) (jsonrpc2.Message, int64, error) {
	length := -1
	var total int64
	for {
		line, err := s.in.ReadString('\n')
		total += int64(len(line))
		if err != nil {
			return nil, total, fmt.Errorf("read header: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if length < 0 {
				continue
			}
			break
		}
		if name, value, ok := strings.Cut(line, ":"); ok && strings.EqualFold(name, "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil {
				return nil, total, fmt.Errorf("bad Content-Length %q: %w", value, err)
			}
			length = n
		}
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("read body: %w", err)
	}
	msg, err := jsonrpc2.DecodeMessage(data)
	if s.intercept != nil && s.intercept(data, msg) {
		return s.Read(context.Background())
	}
	if err != nil {
		return nil, total, fmt.Errorf("decode %s: %w", data, err)
	}
	return msg, total + int64(length), nil
}

// Write implements jsonrpc2.Stream.
func (s *stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	body, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshal: %w", err)
	}
	frame := append([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))), body...)
	return int64(len(frame)), s.writeRaw(frame)
}

func (s *stream) writeRaw(b []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := s.out.Write(b); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// Close implements jsonrpc2.Stream.
func (s *stream) Close() error { return s.out.Close() }
