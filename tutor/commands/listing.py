"""``autograd-tutor list``: the pack's lessons and exercises with progress."""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.commands.options import add_lang_option, add_pack_option

    parser = sub.add_parser(
        "list",
        help="list lessons and exercises with your progress",
        description="List the pack's lessons and exercises, each with your status: solved, attempted or new.",
    )
    add_pack_option(parser, subcommand=True)
    add_lang_option(parser, subcommand=True)
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(handler=run_list)


def run_list(args: argparse.Namespace) -> int:
    from tutor.pack import load_outline
    from tutor.progress import open_store

    pack = load_outline(getattr(args, "pack", None))  # ids, titles, points: no models needed
    lang = getattr(args, "lang", None) or "en"
    with open_store() as store:
        progress = store.pack(pack.id)
        current = store.current(pack.id)
    rows = []
    for lesson in pack.lessons:
        exercises = []
        for ex_id in lesson.exercises:
            exercise = pack.exercises[ex_id]
            state = progress.get(ex_id)
            exercises.append(
                {
                    "id": ex_id,
                    "title": exercise.title.get(lang),
                    "status": state.status if state else "new",
                    "attempts": state.attempts if state else 0,
                    "hints_taken": state.hints_taken if state else 0,
                    "points": exercise.max_points,
                }
            )
        rows.append({"id": lesson.id, "title": lesson.title.get(lang), "exercises": exercises})
    loose = [ex for ex in pack.exercises if pack.lesson_for(ex) is None]
    if args.json:
        print(
            json.dumps(
                {
                    "pack": pack.id,
                    "title": pack.title.get(lang),
                    "version": pack.version,
                    "current": current,
                    "lessons": rows,
                    "unlisted_exercises": loose,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    total = sum(len(row["exercises"]) for row in rows)
    solved = sum(ex["status"] == "solved" for row in rows for ex in row["exercises"])
    print(f"{pack.title.get(lang)} ({pack.id} {pack.version}): {solved} of {total} exercises solved")
    width = max((len(ex["id"]) for row in rows for ex in row["exercises"]), default=0)
    for number, row in enumerate(rows, 1):
        print(f"\n{number:>2}. {row['title']}")
        for ex in row["exercises"]:
            marker = ">" if ex["id"] == current else " "
            print(f"  {marker} {ex['status']:<9} {ex['id']:<{width}}  {ex['title']}")
    return 0
