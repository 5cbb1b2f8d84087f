export class ToolInputError extends Error {
    name = "ToolInputError";
    /** The tool name as the model gave it. */
    tool;
    code;
    /** Each problem with the JSON path of the offending value (`$` is the arguments object). */
    problems;
    constructor(tool, code, problems, message) {
        super(message ?? ToolInputError.format(tool, problems));
        this.tool = tool;
        this.code = code;
        this.problems = problems;
    }
    /** The retry message: one line per problem, then what to do. */
    static format(tool, problems) {
        const lines = problems.map((p) => `- ${p.path}: ${p.message}`);
        return `Invalid arguments for tool "${tool}":\n${lines.join("\n")}\nFix these and call "${tool}" again.`;
    }
}
export function isToolInputError(error) {
    return error instanceof ToolInputError;
}
