"""Rules that a question reads without its document and an answer gives the whole list.

The same checks the generation gate applies to every generated case
(:mod:`datasetkit.lint.wording`), so a hand-written set gets them too: a raw identifier
in a prompt or a stored name as the whole expected response, a reference to something
the prompt never names, a prompt templated on a heading or title, an expected response
shorter than the list it cuts, a prompt that
copies its answer (:mod:`datasetkit.lint.echo`), an answer that tells nothing, an English
prompt that is no clause (:mod:`datasetkit.lint.broken_clauses`) and an answer that
judges the term its prompt asks to define (:mod:`datasetkit.lint.definitions`).
"""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Severity
from datasetkit.lint import (
    broken_clauses,
    clause_shape,
    definitions,
    echo,
    heading_words,
    list_cuts,
    wording,
)
from datasetkit.lint.context import LintContext
from datasetkit.lint.registry import Hit, rule
from datasetkit.lint.rules.casetext import (
    case_fact,
    case_language,
    case_place,
    example_doc,
    example_item,
    hit_at,
    short_quote,
)
from datasetkit.lint.text import vague_reason


def _first_prompts(ctx: LintContext) -> Iterator[tuple[int, str]]:
    """Each case's first prompt: later turns of a conversation may point back on purpose."""
    for ci, case in enumerate(ctx.cases):
        if case.turns and case.turns[0].prompt.strip():
            yield ci, case.turns[0].prompt


@rule(
    "lint.prompt.raw-identifier",
    Severity.WARNING,
    'Prompt holds a name users never say (product_name, stockQuantity, "Column 3", Sheet1).',
    explanation="""
A prompt that says "What is the stock_quantity of ...?", "the Column 3 of ...", "the
Sheet1 details" or names a file (policy.pdf) was built from a file's structure, not
written as a user asks. The agent is tested on a question nobody sends, and a grader
cannot tell what a right answer is. Say the field as a person would ("How many are in
stock?"); name a row by what identifies it, never by a bare number.
""",
    bad=example_doc(example_item("What is the stock_quantity of the olive oil?", "12")),
    good=example_doc(example_item("How many bottles of the olive oil are in stock?", "12")),
)
def check_raw_identifier(ctx: LintContext) -> Iterator[Hit]:
    for ci, prompt in _first_prompts(ctx):
        found = wording.raw_identifier(prompt)
        if found:
            yield hit_at(
                ctx,
                ci,
                0,
                "prompt",
                f"the prompt of {case_place(ctx, ci, 0)} holds {found}",
                "say the field or row the way a user would, without the file's names for it",
                prompt=prompt,
            )


@rule(
    "lint.expected.raw-identifier",
    Severity.WARNING,
    'Expected response is only a stored name ("RS_SALES", "rs_sales_daily") nobody asked for.',
    explanation="""
An expected response that is a name joined by "_" ("RS_SALES", "rs_sales_daily"), to a
question that asks for no name a user types (a variable, a setting, a command, a field),
was read out of a file's structure: a workspace's or a report's stored name is what a
program calls it, not what a user wants to know. Ask what the user needs (the owner, the
team, what the report shows), or ask for the name as such ("Which variable ...?").
""",
    bad=example_doc(example_item("What is the workspace of the daily sales report?", "RS_SALES")),
    good=example_doc(example_item("Which team owns the daily sales report?", "The sales team.")),
)
def check_raw_answer(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, prompt, answer in _answered(ctx):
        found = wording.raw_answer(prompt, answer)
        if found:
            yield hit_at(
                ctx,
                ci,
                ti,
                "expected_response",
                f"the expected response of {case_place(ctx, ci, ti)} is {found}",
                "ask what a user needs to know, or ask for the name as such",
            )


@rule(
    "lint.prompt.unresolved-reference",
    Severity.WARNING,
    'Prompt points at something it never names ("this", "that case", "either", "the above").',
    explanation="""
A first prompt is all the agent sees. "What can I do if this is the case?", "How is
such mediation administered?" or "Can I move money between either account?" refer to
a passage the prompt does not quote, so no answer can be judged right. Name the thing
the word points at.
""",
    bad=example_doc(example_item("What can I do if this is the case?", "Contact HR.")),
    good=example_doc(example_item("What can I do if my expense claim is rejected?", "Contact HR.")),
)
def check_unresolved_reference(ctx: LintContext) -> Iterator[Hit]:
    for ci, prompt in _first_prompts(ctx):
        found = wording.unresolved_reference(prompt, case_language(ctx, ci))
        if found:
            yield hit_at(
                ctx,
                ci,
                0,
                "prompt",
                f"in the prompt of {case_place(ctx, ci, 0)}, {found}",
                "name what the word points at, so the prompt reads on its own",
                prompt=prompt,
            )


@rule(
    "lint.prompt.templated",
    Severity.WARNING,
    'Prompt is a template pasted over a heading or title ("What does the guide say about X?").',
    explanation="""
"What does the Mortgage Product Guide say about mode of disbursement?" or "What should
I know about surety bonds?" paste a heading into a template. Users ask what they want
to know ("How is the loan paid out?"), and an agent that answers such templates well
says little about how it answers real questions.
""",
    bad=example_doc(
        example_item("What does the travel policy say about flights?", "Economy class.")
    ),
    good=example_doc(
        example_item("Which class can I book for a flight under six hours?", "Economy class.")
    ),
)
def check_templated(ctx: LintContext) -> Iterator[Hit]:
    for ci, prompt in _first_prompts(ctx):
        # A prompt too vague to test ("Tell me about returns") is reported by that rule: one
        # finding per fault, not two for the same words.
        found = (
            None
            if vague_reason(prompt)
            else wording.templated_question(prompt, case_language(ctx, ci))
        )
        if found and _other_rule_reports(ctx, ci, prompt):
            continue  # one finding per fault
        if found:
            yield hit_at(
                ctx,
                ci,
                0,
                "prompt",
                f"the prompt of {case_place(ctx, ci, 0)} is templated: {found}",
                "ask what a user wants to know from that part, in their words",
                prompt=prompt,
            )


def _other_rule_reports(ctx: LintContext, ci: int, prompt: str) -> bool:
    """True when a prompt whose subject is a page part's name is English and reported by
    lint.prompt.broken-clause (no clause) or lint.prompt.names-nothing ("the option")."""
    english = (case_language(ctx, ci) or "en").split("-")[0].casefold() == "en"
    if not (english and heading_words.heading_word_subject(prompt)):
        return False
    return bool(broken_clauses.broken_clause(prompt) or wording.names_nothing(prompt))


def _evidence(ctx: LintContext, ci: int) -> str:
    found = case_fact(ctx, ci, "evidence")
    if isinstance(found, list):
        return "\n".join(x for x in found if isinstance(x, str))
    return found if isinstance(found, str) else ""


@rule(
    "lint.expected.cut-list",
    Severity.WARNING,
    "Expected response gives only part of the list it cuts (steps, items, announced lists).",
    explanation="""
An expected response that ends "as follows:", gives two of "the four steps", or quotes
some items of the list in its evidence but not the rest rewards an agent for an
incomplete answer and marks a complete one wrong. Give the whole list, or ask about
one item.
""",
    bad=example_doc(
        example_item("How do I submit an appeal?", "You may submit an appeal as follows:")
    ),
    good=example_doc(
        example_item(
            "How do I submit an appeal?",
            "1. Fill in the appeal form.\n2. Attach the decision letter.\n3. Send both to HR.",
        )
    ),
)
def check_cut_list(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, prompt, answer in _answered(ctx):
        found = list_cuts.cut_list(prompt, answer, _evidence(ctx, ci) if ti == 0 else "")
        if found:
            yield hit_at(
                ctx,
                ci,
                ti,
                "expected_response",
                f"the expected response of {case_place(ctx, ci, ti)} is cut short: {found} "
                f"({short_quote(answer)!r})",
                "give every item or step, or ask about one of them",
            )


@rule(
    "lint.prompt.holds-answer",
    Severity.WARNING,
    "Prompt copies most of its expected response, which adds nothing the prompt asks for.",
    explanation="""
A question cut out of its answer's sentence ("Within how many days must the statement
be required from the bidder and shall be submitted where a contract is awarded by bid?")
keeps most of that sentence: the expected response adds no figure, name or fact the
question asks for, and an agent that echoes the question scores well. Ask for the part
the answer gives ("Within how many days of the award must the statement be submitted?").
""",
    bad=example_doc(
        example_item(
            "What happens when the supplier notifies the buyer of the delay in writing?",
            "The supplier notifies the buyer of the delay in writing.",
        )
    ),
    good=example_doc(
        example_item(
            "Within how many days must the supplier report a delay?",
            "The supplier must report a delay in writing within 5 days.",
        )
    ),
)
def check_holds_answer(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, prompt, answer in _answered(ctx):
        found = echo.holds_answer(prompt, answer, case_language(ctx, ci))
        if found:
            yield hit_at(
                ctx,
                ci,
                ti,
                "prompt",
                f"the prompt of {case_place(ctx, ci, ti)} holds its answer: {found}",
                "ask for the figure, name or fact the answer gives, in few words",
                prompt=prompt,
            )


@rule(
    "lint.expected.tells-nothing",
    Severity.WARNING,
    'Expected response only restates the prompt ("What is the mudguard?" - "Protective mudguard").',
    explanation="""
An expected response that names again what the question asks about ("Protective
mudguard", "Water-resistant fabric" for the water resistance), only says that a part can
be adjusted ("Adjustable for added support"), or is a figure of nothing ("0" as a
version number) tests nothing: any agent passes by echoing the question. Ask what the
document says about it that a user would want to know, or drop the case.
""",
    bad=example_doc(
        example_item("What is the mudguard of the TrailWalker shoe?", "Protective mudguard")
    ),
    good=example_doc(
        example_item("What is the insole of the TrailWalker shoe made of?", "Removable EVA foam")
    ),
)
def check_tells_nothing(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, prompt, answer in _answered(ctx):
        said = echo.restates_question(prompt, answer, case_language(ctx, ci))
        if said:
            yield hit_at(
                ctx,
                ci,
                ti,
                "expected_response",
                f"the expected response of {case_place(ctx, ci, ti)} tells nothing: {said}",
                "ask what the document says about it that a user needs, or drop the case",
            )


@rule(
    "lint.prompt.broken-clause",
    Severity.WARNING,
    "Prompt is no well-formed clause (words of the sentence it was cut from left in).",
    explanation="""
A question made from a sentence of a document keeps words that belonged to the sentence:
a connective that tied it to the one before ("So what ...", "... in contrast?"), a
conjunction where the subject belongs ("What is since ...?"), the object it asks for
still after the verb ("What does the team use a tool that is known for?"), or no question
word and no verb at all (a caption with a question mark). A user never sends it, and a
grader cannot tell what it asks. In English, German, French and Spanish also: a pronoun
or a contraction where the subject goes ("What does me'll need?"), "do anything" standing
for an action, a comparison with nothing to compare with ("a similar approach", "a more
fully featured tool"). Prompts in other languages are skipped.
""",
    bad=example_doc(
        example_item("What does the team use a ticket system that is known for?", "Tracking.")
    ),
    good=example_doc(
        example_item("What does the team use its ticket system for?", "Tracking bug reports.")
    ),
)
def check_broken_clause(ctx: LintContext) -> Iterator[Hit]:
    for ci, prompt in _first_prompts(ctx):
        language = case_language(ctx, ci)
        # The shapes every language shows (a pronoun where the subject goes, "do
        # anything", a comparison with nothing to compare) in the four the gate reads;
        # "the document" only in generated questions: a prompt may send one along.
        found = clause_shape.clause_problem(prompt, language, document=False)
        if not found and (language or "en").split("-")[0].casefold() == "en":
            found = broken_clauses.broken_clause(prompt)
        if found:
            yield hit_at(
                ctx,
                ci,
                0,
                "prompt",
                f"the prompt of {case_place(ctx, ci, 0)} is no well-formed clause: {found}",
                "write the question as a user asks it, in a sentence of its own",
                prompt=prompt,
            )


@rule(
    "lint.prompt.repeated-word",
    Severity.WARNING,
    'Prompt says one word twice in a row ("the rule details details", "the the").',
    explanation="""
A question built by filling a template with a heading says the template's noun and the
heading's last word one after the other when they are the same ("What are the rule
details details?", "How long is the notice notice period?"). A user never writes it, and
it shows the question was not read. Words a language's grammar doubles ("that that",
German "die die", French "nous nous") and names that repeat a word ("Bora Bora") are
allowed; the check reads English, German, French and Spanish prompts.
""",
    bad=example_doc(example_item("How long is the notice notice period?", "One month.")),
    good=example_doc(example_item("How long is the notice period?", "One month.")),
)
def check_repeated_word(ctx: LintContext) -> Iterator[Hit]:
    for ci, prompt in _first_prompts(ctx):
        lang = case_language(ctx, ci)
        found = heading_words.repeated_word(prompt, lang)
        english = (lang or "en").split("-")[0].casefold() == "en"
        if not found or (english and broken_clauses.broken_clause(prompt)):
            continue  # a broken clause is reported by its own rule: one finding per fault
        yield hit_at(
            ctx,
            ci,
            0,
            "prompt",
            f"the prompt of {case_place(ctx, ci, 0)} repeats a word: {found}",
            "say the word once; read the question as a user would write it",
            prompt=prompt,
        )


@rule(
    "lint.expected.no-definition",
    Severity.WARNING,
    'Prompt asks what a term is; the expected response only judges it ("a problem for ...").',
    explanation="""
"What is X?" asks for what X is: its kind and what sets it apart. An expected response cut
from a sentence that only judges X ("X is an interesting example of ...", "X is a problem
for ...", "X is a more efficient ...", "X is important") leaves the reader not knowing what
X is, and marks an agent that defines it wrong. Quote the sentence that defines the term,
or ask what the sentence does say ("Why is X a problem for ...?").
""",
    bad=example_doc(
        example_item("What is a rollback?", "A rollback is a problem for teams without backups.")
    ),
    good=example_doc(
        example_item(
            "What is a rollback?", "A rollback is a return of a system to an earlier saved state."
        )
    ),
)
def check_no_definition(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        turn = case.turns[0] if case.turns else None
        if turn is None or not turn.prompt or not turn.expected_response:
            continue
        found = definitions.defines_nothing(
            turn.prompt, turn.expected_response, case_language(ctx, ci)
        )
        if found:
            yield hit_at(
                ctx,
                ci,
                0,
                "expected_response",
                f"the expected response of {case_place(ctx, ci, 0)} defines nothing: {found}",
                "quote the sentence that says what the term is, or ask what this one says",
            )


@rule(
    "lint.prompt.names-nothing",
    Severity.WARNING,
    'English prompt names nothing but "the" and a common noun ("What is the subtotal?").',
    explanation="""
"What is the subtotal?", "What does the checklist provide?" or "How do I resolve?" presume
a thing the reader already knows: an agent that holds many documents finds a subtotal or a
checklist in each, and a grader cannot tell which answer is meant. Say whose or which (the
report, the product, the process) the prompt asks about.
""",
    bad=example_doc(example_item("What is the subtotal?", "$1,250.00")),
    good=example_doc(
        example_item("What is the subtotal of the March travel expense report?", "$1,250.00")
    ),
)
def check_names_nothing(ctx: LintContext) -> Iterator[Hit]:
    for ci, prompt in _first_prompts(ctx):
        if (case_language(ctx, ci) or "en").split("-")[0].casefold() != "en":
            continue
        found = wording.names_nothing(prompt)
        if found:
            yield hit_at(
                ctx,
                ci,
                0,
                "prompt",
                f"the prompt of {case_place(ctx, ci, 0)} names nothing: {found}",
                "say whose or which thing the prompt asks about",
                prompt=prompt,
            )


def _answered(ctx: LintContext) -> Iterator[tuple[int, int, str, str]]:
    """(case index, turn index, prompt, expected response) of every turn that has both:
    what the readability rules compare."""
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if turn.expected_response and turn.prompt:
                yield ci, ti, turn.prompt, turn.expected_response
