// The two knowledge-base benches' shared corpus vocabulary: real English and Chinese words as
// the most frequent ones, a generated long tail, and draws by Zipf frequency (exponent 1), so that
// bench/knowledge-base.mjs and bench/kb-scale.mjs search text of the same statistics.

export const ENGLISH = (
  "knowledge base search index query document service client token server request answer result score " +
  "ranking engine text word language model tool function call schema version error timeout retry batch " +
  "thread filter title content metadata storage durable commit journal write read delete update create " +
  "list page offset limit network address port host protocol header body json array object string number " +
  "boolean integer field value key name id city river mountain forest ocean island desert valley bridge road " +
  "railway station airport harbor market school library museum hospital garden park stadium theater castle " +
  "village town county province country nation border law policy court judge lawyer contract payment tax " +
  "budget report meeting planning project team manager engineer developer design test release deploy monitor " +
  "alert incident outage recovery backup restore migrate upgrade install configure compile build package " +
  "module import export type interface class method property event stream buffer cache memory disk cpu " +
  "latency throughput benchmark baseline ratio median percentile sample dataset training evaluation accuracy " +
  "precision recall weather climate energy solar wind water carbon emission forest wildlife species habitat"
).split(" ");
export const CHINESE = (
  "知识 搜索 索引 查询 文档 服务 客户端 令牌 服务器 请求 回答 结果 分数 排序 引擎 文本 词语 语言 模型 工具 " +
  "函数 调用 版本 错误 超时 重试 批次 线程 过滤 标题 内容 存储 持久 提交 日志 写入 读取 删除 更新 创建 " +
  "列表 网络 地址 端口 协议 城市 管理 执法 部门 人员 培训 考核 住房 建设 规章 办法 法律 法规 标准 食品 " +
  "安全 生产 经营 活动 河流 山脉 森林 海洋 岛屿 沙漠 桥梁 道路 铁路 车站 机场 港口 市场 学校 图书馆 博物馆 " +
  "医院 公园 体育场 剧院 村庄 县城 省份 国家 边境 政策 法院 法官 律师 合同 支付 税收 预算 报告 会议 规划 " +
  "项目 团队 经理 工程师 开发 设计 测试 发布 部署 监控 告警 事故 恢复 备份 迁移 升级 安装 配置 编译 构建 " +
  "天气 气候 能源 太阳能 风能 水资源 碳排放 野生动物 物种 栖息地 教育 科学 技术 经济 文化 历史 社会 环境"
).split(" ");

/**
 * `head` then words from `makeWord` until there are `size` distinct ones, with the cumulative Zipf
 * weights of their ranks. Natural text of this size has tens of thousands of distinct words; with
 * only a few hundred, every word would occur in most documents.
 */
export function buildVocabulary(head, size, makeWord) {
  const words = [...head];
  const seen = new Set(words);
  while (words.length < size) {
    const word = makeWord();
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  const cdf = new Float64Array(words.length);
  let total = 0;
  for (let r = 1; r <= words.length; r++) cdf[r - 1] = total += 1 / r;
  for (let r = 0; r < cdf.length; r++) cdf[r] /= total;
  return { words, cdf };
}

/** Syllables of the generated English tail. */
export const SYLLABLES = "ka ri to mu se lan dor vik pel sun tra ber gon fil mar ost quen zu ha lo ne wes im".split(" ");

/** A word of `vocabulary` drawn by its Zipf frequency with `rng`. */
export function pick({ words, cdf }, rng) {
  const x = rng();
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return words[lo];
}

/**
 * bench/kb-scale.mjs's vocabularies (also drawn by bench/kb-sqlite-ab.mjs): 20,000 English words
 * (the head, then generated words of 2-4 syllables) and the Chinese head with a tail of the
 * two-character combinations of its characters that ICU's dictionary knows (it keeps them as one
 * word; `segmentWords` is the service's), in a seeded order. Random pairs, as bench/knowledge-base.mjs
 * draws them, are mostly unknown to it: the service splits them into single characters, each in
 * about half of all Chinese chunks, so a "one-word" Chinese query became a query for two of the most
 * common terms of the corpus, which no user types. `random` is consumed in a fixed order.
 */
export function scaleVocabularies(random, segmentWords) {
  const english = buildVocabulary(ENGLISH, 20_000, () =>
    Array.from({ length: 2 + Math.floor(random() * 3) }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(""),
  );
  const han = [...new Set(CHINESE.join(""))];
  const knownPairs = [];
  for (const a of han) for (const b of han) if (segmentWords(a + b).length === 1 && !CHINESE.includes(a + b)) knownPairs.push(a + b);
  for (let i = knownPairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [knownPairs[i], knownPairs[j]] = [knownPairs[j], knownPairs[i]];
  }
  const chinese = buildVocabulary([...CHINESE, ...knownPairs], CHINESE.length + knownPairs.length, () => {
    throw new Error("unreachable");
  });
  return { english, chinese };
}

/** bench/kb-scale.mjs's metadata: 20 sources, uniformly, so a filter on one keeps ~5% of chunks. */
export const SOURCES = (
  "handbook wiki tickets runbooks contracts policies changelog faq forum email minutes specs reviews " +
  "postmortems onboarding legal finance research support design"
).split(" ");
/** ...and 500 teams, so a filter on one keeps ~0.2% of chunks (the selective filter). */
export const TEAMS = 500;
/** Frequency ranks of kb-scale's filtered cells' words: common (in 10-40% of their language's chunks) and rare. */
export const COMMON_RANKS = [20, 100];
export const RARE_RANKS = [1000, 2000];
