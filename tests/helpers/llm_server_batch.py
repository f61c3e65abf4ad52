"""The files and batches endpoints of the local test server (the Batch API's flow)."""

from __future__ import annotations

import json
import time
from http.server import BaseHTTPRequestHandler
from typing import Any


class BatchEndpoints:
    """Upload a JSONL file, create a batch, poll it; lines are answered by ``respond``."""

    files: dict[str, bytes]
    batches: dict[str, dict[str, Any]]
    batch_polls: int
    batch_line_errors: int

    def _next_id(self, prefix: str) -> str:
        raise NotImplementedError

    def _send(
        self,
        h: BaseHTTPRequestHandler,
        status: int,
        payload: Any,
        headers: dict[str, str] | None = None,
    ) -> None:
        raise NotImplementedError

    def respond(self, body: dict[str, Any], *, fault: str = "ok") -> tuple[int, dict[str, Any]]:
        raise NotImplementedError

    def _upload(self, h: BaseHTTPRequestHandler, raw: bytes) -> None:
        ctype = h.headers.get("Content-Type", "")
        boundary = ctype.split("boundary=", 1)[-1].strip('"').encode()
        data = b""
        for part in raw.split(b"--" + boundary):
            if b'name="file"' in part:
                data = part.split(b"\r\n\r\n", 1)[1].rsplit(b"\r\n", 1)[0]
        fid = self._next_id("file")
        self.files[fid] = data
        self._send(
            h,
            200,
            {
                "id": fid,
                "object": "file",
                "bytes": len(data),
                "created_at": int(time.time()),
                "filename": "batch.jsonl",
                "purpose": "batch",
                "status": "processed",
            },
        )

    def _create_batch(self, h: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        bid = self._next_id("batch")
        batch = {
            "id": bid,
            "object": "batch",
            "endpoint": body.get("endpoint"),
            "input_file_id": body.get("input_file_id"),
            "completion_window": body.get("completion_window", "24h"),
            "status": "validating",
            "created_at": int(time.time()),
            "metadata": body.get("metadata"),
            "request_counts": {"total": 0, "completed": 0, "failed": 0},
            "_polls": 0,
        }
        self.batches[bid] = batch
        self._send(h, 200, {k: v for k, v in batch.items() if not k.startswith("_")})

    def _get_batch(self, h: BaseHTTPRequestHandler, bid: str) -> None:
        batch = self.batches.get(bid)
        if batch is None:
            return self._send(h, 404, {"error": {"message": f"no batch {bid}"}})
        batch["_polls"] += 1
        if batch["status"] not in ("completed", "failed") and batch["_polls"] >= self.batch_polls:
            self._finish_batch(batch)
        elif batch["status"] == "validating":
            batch["status"] = "in_progress"
        self._send(h, 200, {k: v for k, v in batch.items() if not k.startswith("_")})

    def _finish_batch(self, batch: dict[str, Any]) -> None:
        lines = self.files.get(batch["input_file_id"], b"").decode().splitlines()
        out, errs = [], []
        for n, line in enumerate(x for x in lines if x.strip()):
            req = json.loads(line)
            if self.batch_line_errors > 0:  # the next N lines fail, once
                self.batch_line_errors -= 1
                errs.append(
                    {
                        "id": f"r{n}",
                        "custom_id": req["custom_id"],
                        "response": None,
                        "error": {"code": "server_error", "message": "batch line failed"},
                    }
                )
                continue
            status, payload = self.respond(req["body"])
            out.append(
                {
                    "id": f"r{n}",
                    "custom_id": req["custom_id"],
                    "response": {"status_code": status, "request_id": f"q{n}", "body": payload},
                    "error": None,
                }
            )
        ofid = self._next_id("file")
        self.files[ofid] = "".join(json.dumps(o) + "\n" for o in out).encode()
        batch["output_file_id"] = ofid
        if errs:
            efid = self._next_id("file")
            self.files[efid] = "".join(json.dumps(e) + "\n" for e in errs).encode()
            batch["error_file_id"] = efid
        batch["status"] = "completed"
        batch["request_counts"] = {
            "total": len(out) + len(errs),
            "completed": len(out),
            "failed": len(errs),
        }
