package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go.lsp.dev/protocol"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// maxMessageBytes bounds one incoming JSON-RPC message. Larger ones are skipped with an error
// reply instead of being buffered whole.
const maxMessageBytes = 64 << 20

// stream frames JSON-RPC messages with LSP's Content-Length headers, like jsonrpc2.NewStream,
// but survives bad input: a message that is not valid JSON-RPC is answered with a ParseError
// (or InvalidRequest) response and skipped, instead of ending the connection as the stock
// stream and connection do.
type stream struct {
	in     *bufio.Reader
	out    io.Writer
	closer []io.Closer
	logf   func(format string, args ...any)

	wmu sync.Mutex // serialises writes, including the error replies written by Read
}

func newStream(in io.Reader, out io.Writer, logf func(string, ...any)) *stream {
	s := &stream{in: bufio.NewReaderSize(in, 64<<10), out: out, logf: logf}
	if c, ok := in.(io.Closer); ok {
		s.closer = append(s.closer, c)
	}
	if c, ok := out.(io.Closer); ok {
		s.closer = append(s.closer, c)
	}
	return s
}

// Read implements jsonrpc2.Stream. It returns an error only when the input itself fails
// (end of file, closed pipe); malformed messages are answered and skipped.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		length, total, err := s.readHeader()
		if err != nil {
			return nil, total, err
		}
		if length < 0 {
			continue // a bad header block was reported and skipped
		}
		if length > maxMessageBytes {
			n, err := io.CopyN(io.Discard, s.in, length)
			total += n
			if err != nil {
				return nil, total, fmt.Errorf("skip oversized message: %w", err)
			}
			s.logf("skipped a message of %d bytes (limit %d)", length, maxMessageBytes)
			s.replyError(nil, jsonrpc2.InvalidRequest, fmt.Sprintf("message of %d bytes exceeds the limit of %d", length, maxMessageBytes))
			continue
		}
		data := make([]byte, length)
		if _, err := io.ReadFull(s.in, data); err != nil {
			return nil, total, fmt.Errorf("read message body: %w", err)
		}
		total += length
		msg, err := jsonrpc2.DecodeMessage(data)
		if err == nil {
			return msg, total, nil
		}
		s.reject(data, err)
	}
}

// readHeader reads one header block. It returns the content length, or -1 when the block
// was malformed (already logged).
func (s *stream) readHeader() (int64, int64, error) {
	var total int64
	length := int64(-1)
	bad := ""
	for {
		line, err := s.in.ReadString('\n')
		total += int64(len(line))
		if err != nil {
			if errors.Is(err, io.EOF) && total == 0 {
				return 0, total, io.EOF
			}
			return 0, total, fmt.Errorf("read header: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if length < 0 && bad == "" {
				if total <= 2 {
					continue // stray blank line between messages
				}
				bad = "missing Content-Length header"
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = fmt.Sprintf("invalid header line %q", truncate(line, 80))
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n <= 0 {
				bad = fmt.Sprintf("invalid Content-Length %q", truncate(value, 40))
				continue
			}
			length = n
		}
	}
	if bad != "" {
		s.logf("malformed message header: %s", bad)
		if length < 0 {
			return -1, total, nil
		}
	}
	return length, total, nil
}

// reject answers a message that could not be decoded.
func (s *stream) reject(data []byte, err error) {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &probe) != nil {
		s.logf("malformed JSON message (%v): %s", err, truncate(string(data), 200))
		s.replyError(nil, jsonrpc2.ParseError, "parse error: "+err.Error())
		return
	}
	s.logf("invalid JSON-RPC message (%v): %s", err, truncate(string(data), 200))
	s.replyError(probe.ID, jsonrpc2.InvalidRequest, "invalid request: "+err.Error())
}

// replyError writes an error response with the given raw id (null when unknown).
func (s *stream) replyError(id json.RawMessage, code jsonrpc2.Code, msg string) {
	if len(id) == 0 || string(id) == "null" {
		id = json.RawMessage("null")
	}
	body, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{"2.0", id, jsonrpc2.NewError(code, msg)})
	if err != nil {
		s.logf("encode error reply: %v", err)
		return
	}
	if _, err := s.writeFrame(body); err != nil {
		s.logf("write error reply: %v", err)
	}
}

// Write implements jsonrpc2.Stream.
func (s *stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	var body []byte
	var err error
	if m, ok := msg.(json.Marshaler); ok {
		// The library's messages encode themselves compactly; going through json.Marshal
		// would validate and re-compact every byte again (megabytes for large diagnostics).
		body, err = m.MarshalJSON()
	} else {
		body, err = json.Marshal(msg)
	}
	if err != nil {
		return 0, fmt.Errorf("marshal message: %w", err)
	}
	return s.writeFrame(body)
}

// publish writes a publishDiagnostics notification, encoded by encoding/json in one pass;
// the library's Notify would encode the params, then the message around them again.
func (s *stream) publish(p *protocol.PublishDiagnosticsParams) error {
	body, err := json.Marshal(struct {
		JSONRPC string                             `json:"jsonrpc"`
		Method  string                             `json:"method"`
		Params  *protocol.PublishDiagnosticsParams `json:"params"`
	}{"2.0", protocol.MethodTextDocumentPublishDiagnostics, p})
	if err != nil {
		return fmt.Errorf("marshal diagnostics: %w", err)
	}
	_, err = s.writeFrame(body)
	return err
}

func (s *stream) writeFrame(body []byte) (int64, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	n, err := fmt.Fprintf(s.out, "Content-Length: %d\r\n\r\n", len(body))
	if err != nil {
		return int64(n), fmt.Errorf("write header: %w", err)
	}
	m, err := s.out.Write(body)
	if err != nil {
		return int64(n + m), fmt.Errorf("write body: %w", err)
	}
	return int64(n + m), nil
}

// Close implements jsonrpc2.Stream: it closes the input and output when they can be closed.
func (s *stream) Close() error {
	var errs []error
	for _, c := range s.closer {
		if err := c.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
