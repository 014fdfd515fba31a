// A failover test with franz-go: the partition's leader moves between two batches of an idempotent producer.
// Against `kaflite serve --brokers 3 --port 9092 --admin-port 8092` (or set KAFLITE_BOOTSTRAP, KAFLITE_ADMIN).
package failover

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

var (
	bootstrap = strings.Split(env("KAFLITE_BOOTSTRAP", "127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094"), ",")
	admin     = env("KAFLITE_ADMIN", "http://127.0.0.1:8092")
)

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

type leader struct {
	Leader      int `json:"leader"`
	LeaderEpoch int `json:"leader_epoch"`
}

// call sends one request to the admin endpoint and decodes its JSON answer into out.
func call(t *testing.T, method, path string, body, out any) {
	t.Helper()
	var payload io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		payload = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, admin+path, payload)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: HTTP %d", method, path, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

func TestIdempotentProduceAcrossALeaderMove(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	topic := fmt.Sprintf("orders-%d", time.Now().UnixNano())
	call(t, "POST", "/topics", map[string]any{"name": topic, "partitions": 1}, &map[string]any{})

	// franz-go's producer is idempotent by default (acks=all, producer id and sequence numbers).
	producer, err := kgo.NewClient(kgo.SeedBrokers(bootstrap...), kgo.DefaultProduceTopic(topic))
	if err != nil {
		t.Fatal(err)
	}
	defer producer.Close()
	var written []*kgo.Record
	produce := func(from, to int) {
		var batch []*kgo.Record
		for i := from; i < to; i++ {
			batch = append(batch, &kgo.Record{Value: []byte(strconv.Itoa(i))})
		}
		if err := producer.ProduceSync(ctx, batch...).FirstErr(); err != nil {
			t.Fatal(err)
		}
		written = append(written, batch...)
	}

	produce(0, 50)
	var before struct{ Partitions []leader }
	call(t, "GET", "/cluster/leaders?topic="+topic, nil, &before)
	from := before.Partitions[0]
	var moved leader // answered once the old leader has resigned
	call(t, "POST", "/cluster/leaders", map[string]any{"topic": topic, "partition": 0, "node_id": from.Leader%3 + 1}, &moved)
	if moved.Leader == from.Leader || moved.LeaderEpoch != from.LeaderEpoch+1 {
		t.Fatalf("leader %+v after the move from %+v", moved, from)
	}
	produce(50, 100) // NOT_LEADER_OR_FOLLOWER at the old leader; the producer finds the new one

	// Every record once, in order, under one producer id: no OUT_OF_ORDER_SEQUENCE_NUMBER, no duplicate.
	for i, r := range written {
		if r.Offset != int64(i) || r.ProducerID != written[0].ProducerID {
			t.Fatalf("record %d: offset %d, producer id %d (first: %d)", i, r.Offset, r.ProducerID, written[0].ProducerID)
		}
	}
	consumer, err := kgo.NewClient(kgo.SeedBrokers(bootstrap...),
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{topic: {0: kgo.NewOffset().AtStart()}}))
	if err != nil {
		t.Fatal(err)
	}
	defer consumer.Close()
	var values []string
	for len(values) < 100 && ctx.Err() == nil { // bounded by ctx: 60 s
		fetches := consumer.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) { values = append(values, string(r.Value)) })
	}
	for i, v := range values {
		if v != strconv.Itoa(i) {
			t.Fatalf("offset %d holds %q", i, v)
		}
	}
	if len(values) != 100 {
		t.Fatalf("read %d of 100 records", len(values))
	}
}
