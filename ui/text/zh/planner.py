"""planner 页面的中文文本（与 ui/text/planner.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "规划一次数据发布",
    "intro": (
        "机构发布统计数据之前，必须决定花费多少隐私预算。"
        "先列出要发布的内容，然后二选一：给出总隐私预算 ε，查看每项统计的准确度；"
        "或给出每项统计所需的准确度，查看需要花费多少预算。"
    ),
    "interactive_note": (
        "**交互式还是非交互式？** 在“发布”页每抽取一次发布，都会再次消耗预算"
        "（交互式系统逐个回答查询，账本把消耗累加起来）。非交互式发布，例如公开的表格或合成数据，"
        "只抽取一次：之后对它提出任意多的查询，都不再消耗预算（第 6.1.4 节）。"
    ),
    "tab_plan": "1. 准确度",
    "tab_cells": "2. 每个柱子",
    "tab_cost": "5. 总花费",
    "tab_risk": "6. 风险",
    "tab_sensitivity": "7. 敏感度",
    "tab_release": "8. 发布",
    # who is protected
    "section_unit": "保护谁",
    "unit": "保护单位",
    "unit_row": "一行记录",
    "unit_person": "一个人（可能有多行记录）",
    "rows_per_person": "每人最多贡献的行数（m）",
    "id_column": "标识个人的列",
    "no_id_column": "（无：由我保证这一上界）",
    "explain_row": "每行是一个人。一个人最多使计数改变 1：下面的敏感度都按一行计算。",
    "explain_person_promised": (
        "一个人最多可有 {m} 行记录。数据本身并不保证这一点：这是了解数据收集方式的人所作的承诺。"
        "下面的每个敏感度都乘以 {m}。"
    ),
    "explain_person_bounded": (
        "一个人最多可有 {m} 行记录：本应用对 **{column}** 的每个取值最多保留 {m} 行"
        "（用种子随机选取），其余丢弃，因此下面的每个敏感度都乘以 {m}。"
    ),
    "bounded_rows": "贡献限制从 {rows}（{people}）中丢弃了 {dropped}。",
    "bounding_draws": (
        "这一选取用页面的种子完成，只是为下面规划中的数字所做的模拟。发布时会在你按下按钮时用新的秘密随机性"
        "重新选取：从不显示、从不写入地址、从不重复使用。一个人保留哪些行只取决于他自己的行。"
    ),
    "bounded_not_private": (
        "这些计数直接读自原始数据：它们不是隐私保护的，只供你本人查看，任何发布、下载或报告都不包含它们。"
    ),
    "aggregated": (
        "这张表已经是汇总数据（每行代表多个人），所以规划器统计的是行数，而不是人数。"
        "要保护个人，请使用每人一行的表（上传一份，或选择企鹅数据）。"
    ),
    # the statistics
    "section_statistics": "发布什么",
    "add_title": "添加一项统计",
    "stat_kind": "统计量",
    "kind_count": "行数计数",
    "kind_histogram": "某列的直方图",
    "kind_sum": "某列的总和",
    "kind_mean": "某列的均值",
    "kind_quantile": "中位数（或其他分位数）",
    "stat_column": "列",
    "filter_value": "……等于此值",
    "categories": "类别（公开的，列出全部：每行一个，或用逗号分隔粘贴）",
    "facts_categories": "{n} 个声明的类别：{labels}",
    "facts_bounds": "公开的界 {lower} 到 {upper}",
    "facts_keys": "类别由键选择从数据中读出：只公布人数足够多的类别。",
    "keys_mechanism": "噪声：离散拉普拉斯，加一个阈值（OpenDP）",
    "keys_toggle": "从数据中读出类别（键选择）",
    "keys_toggle_help": (
        "适用于谁也列不全所有类别的时候。每个找到的类别得到一个加噪计数，"
        "只有加噪计数达到阈值的类别才会公布，所以只属于一个人的类别几乎从不出现。"
        "除 ε 之外，它还要占用计划 δ 的一份。手动输入类别不花 δ。"
    ),
    "keys_cost": (
        "花费 ε，并占用计划 δ 的一份：只属于一个人的类别仍被公布的那一点小概率。"
        "小类别会被略去；第 2 个标签页显示是哪些。"
    ),
    "facts_edit": "编辑",
    "facts_bounds_order": "下界必须小于上界：该统计保留原来的界。",
    "categories_file": "……或从文件读取（每行一个，或用逗号分隔）",
    "categories_file_help": "你保存的一份公开清单，例如官方的县名单：绝不是数据本身。",
    "categories_file_big": "这个文件超过 {limit} kB：类别清单要短得多。没有读取任何内容。",
    "categories_file_not_text": "这个文件不是 UTF-8 文本：请另存为纯文本或 CSV。没有读取任何内容。",
    "categories_file_count": "这个文件有 {n} 个类别；直方图可以有 1 到 {limit} 个。没有读取任何内容。",
    "categories_help": (
        "来自公开知识的所有可能类别，包括空的类别。从数据中读出的类别列表本身就会泄露谁在数据中。"
    ),
    "lower": "公开的下界",
    "upper": "公开的上界",
    "bins": "分箱数",
    "quantile_q": "哪个分位数（0.5 即中位数）",
    "mechanism": "噪声",
    "target_placeholder": "例如 50",
    "no_numeric": "该数据集没有可用于此统计的数值列。",
    "filter_column": "只统计满足条件的行：该列……",
    "no_filter": "（所有行）",
    "bounds_source": "公开的上下界：{source}。",
    "row_one": "{n} 行",
    "row_many": "{n} 行",
    "weight": "权重（分得的预算份额）",
    "target": "目标准确度 ±（95% 的情况下）",
    "add_button": "加入计划",
    "remove": "移除",
    "empty_plan": "计划为空：请在下方添加一项统计。",
    "default_plan_note": "这是该数据集的初始计划，任何一项都可修改或移除。",
    "source_catalog": "随数据集提供的说明",
    "source_typical": "此类列名的常见范围",
    "source_none": "未知：请根据公开知识填写，切勿从数据中读取",
    # budget
    "section_budget": "预算还是准确度",
    "direction": "我已知",
    "direction_budget": "总隐私预算 ε",
    "direction_accuracy": "所需的准确度",
    "total_epsilon": "整个计划的总隐私预算 ε",
    "delta": "总 δ（仅用于高斯噪声）",
    # the table and chart
    "col_statistic": "统计量",
    "col_mechanism": "噪声",
    "col_epsilon": "花费 ε",
    "col_accuracy": "95% 误差不超过",
    "col_relative": "相对于",
    "within": "±{a}",
    "relative": "{reference}的 {share}",
    "ref_smallest_bar": "最小的非空柱（{value}）",
    "ref_true_value": "真实值（{value}）",
    "mechanism_selection": "选择（置换翻转法）",
    "name_count": "行数计数",
    "name_count_where": "{column} = {value} 的计数",
    "name_histogram": "{column} 的直方图",
    "name_sum": "{column} 的总和",
    "name_mean": "{column} 的均值",
    "name_quantile": "{column} 的 {q} 分位数",
    "target_missing": "请给出目标准确度。",
    "weight_zero": "权重为 0：这项统计分不到预算。",
    "statistic_one": "{n} 项统计",
    "statistic_many": "{n} 项统计",
    "summary": (
        "该计划发布 {count}，总花费 **ε = {epsilon}**（各项份额相加：基本组合）。"
        "每项准确度各自以 {confidence} 的概率成立。"
    ),
    "summary_delta": "各项高斯统计共用 **δ = {delta}**。",
    "clamp_none": "没有值落在上下界之外。",
    "clamp_some": (
        "上下界截断了 {values}：在加噪声之前，这已使结果偏移 {bias}，而噪声为 ±{noise}。"
    ),
    "value_one": "{n} 个值",
    "value_many": "{n} 个值",
    "curves_title": "误差随 ε 的变化\n（占各统计的比例；圆点：本计划）",
    "curves_x": "该统计花费的 ε（对数刻度）",
    "curves_y": "95% 误差（占参照值的比例）",
    "plan_note": (
        "准确度基于真实数据计算，仅供规划发布的数据所有者参考：计划本身不应公开。"
    ),
    # risk
    "prior": "攻击者事先有多确信某个人在数据中",
    "risk_total": "整个计划在 δ = {delta} 时花费 **ε = {epsilon}**（{accountant}）。",
    "risk_posterior": (
        "攻击者事先有 {prior} 的把握认为某个人在数据中；无论发布什么，其后验把握都只会落在 "
        "**{low}** 到 **{high}** 之间：几率最多改变 e^ε = {odds} 倍。"
    ),
    "risk_tail": (
        "由于 δ 不为 0，对罕见的输出这一范围可能失效：但除了至多 {chance} 的概率外，"
        "攻击者的把握仍低于 {high}。"
    ),
    "risk_test": (
        "换成检验的说法：若攻击者容许误指控 1% 不在数据中的人，仅凭 (ε, δ) 上界，"
        "他最多能识别出在数据中的人的 **{tpr1}**（容许 5% 时：{tpr5}）。"
    ),
    "risk_test_plan": (
        "按本计划实际使用的机制（其隐私损失分布）计算，最强攻击者相对瞎猜的优势更小："
        "1% 时最多 **{tpr1}**，5% 时 {tpr5}。"
    ),
    "risk_attribute": (
        "同样的先验也可用于一个已知在数据中的人的某个事实（**属性推断**）："
        "攻击者知道他的其他一切，原本有 {prior} 的把握认为某个是非题的答案是“是”，"
        "看到这次发布后猜对的概率至多为 **{guess}**（发布前为 {base}）。"
    ),
    "risk_scale": "作为参照，下面列出一些机构公开过的隐私预算。",
    "metric_posterior": "事后最高把握",
    "metric_odds": "几率变化 ×",
    "metric_tpr": "1% 误报时识别率",
    "risk_roc_title": "最强的攻击者：识别出的人\n与被误指控的人",
    "risk_roc_x": "被误指控（假阳性）",
    "risk_roc_y": "被识别（真阳性）",
    "risk_roc_region": "(ε, δ) 允许的范围",
    "risk_roc_curve": "本计划下最强的攻击者",
    "risk_roc_chance": "抛硬币",
    "risk_roc_best": "相对瞎猜的最大优势",
    "published_title": "已公开的隐私预算（参照）",
    "pub_who": "发布",
    "pub_epsilon": "ε",
    "pub_unit": "ε 保护的对象",
    "pub_unit_person": "一个人",
    "pub_unit_user_day": "一个用户的一天",
    "pub_local": "（本地化差分隐私，在设备端：不能与中心化的 ε 比较）",
    "pub_source": "公开来源",
    "acc_basic": "基本组合",
    "acc_advanced": "高级合成定理（DRV）",
    "acc_kov": "最优组合（KOV）",
    "acc_zcdp": "零集中差分隐私（zCDP）",
    "acc_rdp": "Rényi 差分隐私（矩会计）",
    "acc_pld": "隐私损失分布（PLD）",
    # the total cost
    "acc_basic_how": "把每项统计的 ε（及其 δ）相加。",
    "acc_advanced_how": "按 √k 而非 k 增长：多项统计被多次回答时才划算。",
    "acc_kov_how": "只知道每一步的 (ε, δ) 时，任何会计方法所能做到的最好结果。",
    "acc_zcdp_how": "对高斯噪声精确；其他噪声按 ε²/2 计入。",
    "acc_rdp_how": "跟踪每个机制完整的 Rényi 曲线：即课程中的矩会计。",
    "acc_pld_how": "对隐私损失的精确分布做组合：这里最紧的上界。",
    "cost_col_accountant": "会计方法",
    "cost_col_total": "总 ε",
    "cost_col_how": "计算方式",
    "cost_best": (
        "只回答一次时，按{best}计算该计划花费 **ε = {epsilon}**，而直接相加为 {basic}"
        "（均在 δ = {delta} 下）。"
    ),
    "cost_same": (
        "只回答一次时，没有哪种会计方法比直接相加更好：该计划花费 **ε = {epsilon}**（δ = {delta}）。"
        "当计划被多次回答时才显出差别（见图）。"
    ),
    "cost_publish": (
        "**公布 {epsilon}**（{best}，δ = {delta}）：表中每种会计方法界定的是同一次发布，所以最小的那个才是它真正具有的"
        "保证。公布时写明会计方法和 δ。"
    ),
    "cost_advanced_above": (
        "这里高级组合的结果比直接相加还大（{advanced} 对 {basic}）：它是为大量回答设计的界（√k 的增长只有那时才占优）。"
        "对只回答一次的计划，直接相加更紧；保证取的是有效数字中最小的，而不是更大的那个。"
    ),
    "cost_pure": (
        "本计划的每项统计都是纯 ε-DP（没有高斯噪声）：直接相加、最优组合和 PLD 在 δ = 0 时成立，所以上面的 δ 对它们"
        "无关紧要；只有 zCDP 和 Rényi DP 需要一个 δ 才能给出 ε。"
    ),
    "cost_parallel": (
        "直方图的各个柱包含不同的人，一个人只改变一个柱：整个直方图只花费一次 ε（并行组合）。"
        "若每个柱算作一次查询，该计划将花费 {without}，而不是 {basic}。"
    ),
    "cost_chart_reading": (
        "回答 {times} 次（比如连续 27 年每天一次）时，直接相加得到 {basic}；最好的会计方法得到 {best}。"
    ),
    "cost_chart_stops": (
        "有些曲线中断了：这些会计方法也把各项高斯统计的 δ 相加，反复回答后计划的 δ 超过了你设定的总量。"
        "Rényi 差分隐私、zCDP 和 PLD 对高斯噪声精确计量，因而可以继续。"
    ),
    "cost_chart_title": "总 ε：整个计划\n被反复回答时",
    "cost_chart_x": "计划被回答的次数（对数刻度）",
    "cost_chart_y": "总 ε（对数刻度）",
    "release_csv_statistic": "统计量",
    "release_csv_label": "分箱",
    "release_csv_value": "发布值",
    "release_draw": "抽取发布结果（花费计划的 ε）",
    "release_csv": "发布值（CSV）",
    "release_json": "报告（JSON）",
    "release_script": "OpenDP 脚本（Python）",
    "release_spark": "Spark 作业（PipelineDP）",
    "release_script_file": "两个脚本都从文件 {file} 读取数据：把它放在你要运行的脚本旁边。",
    "release_spark_no_keys": (
        "这个计划没有 Spark 作业：作业只公布事先声明的类别，"
        "而这个计划的一个直方图从数据中读出类别。手动输入类别即可得到作业。"
    ),
    "release_spark_help": (
        "同一个发布计划写成的 PipelineDP 作业，适用于本应用装不下的大表：在集群上用 `--backend spark` 运行"
        "（或用 `local[2]` 试运行），也可以用 `--backend local`。需要 pipeline-dp 和 pyspark"
        "（requirements-engine.txt）以及 Java 运行环境。"
    ),
    "release_report_summary": (
        "{file} 的 {n} 项统计以差分隐私发布，总 ε = {epsilon}（δ = {delta}），保护每个最多有 {m} 行的人。"
    ),
    "release_report_rows": "不报告：精确的行数是关于数据的事实，并未以差分隐私发布",
    "release_report_note": (
        "由 DP Explorer 以差分隐私发布。均值或分位数的预期准确度是在真实数据上计算的"
        "（标记为 computed_on_the_data）：这些数字应由数据所有者保留，或在公开本报告前删除。"
    ),
    # the ledger
    "ledger_budget": "该数据的总预算，所有发布合计（ε）",
    "ledger_budget_delta": "预算 δ",
    "ledger_spent": "已花费 ε",
    "ledger_remaining": "剩余 ε",
    "ledger_releases": "已抽取的发布",
    "ledger_fits": (
        "抽取本计划的发布将从剩余的 {remaining} 中花费 **ε = {epsilon}**（δ = {delta}）。"
        "每抽取一次都会再次花费：同一计划抽取两次，攻击者就能对结果取平均。"
    ),
    "ledger_refused": (
        "本计划的发布需要 **ε = {epsilon}**（δ = {delta}），但只剩 {remaining}（δ = {remaining_delta}）："
        "发布将被拒绝。请少花一些（更小的总预算、更少的统计），或公开已经抽取的结果。"
    ),
    "ledger_col_when": "时间（UTC）",
    "ledger_col_what": "内容",
    "ledger_col_epsilon": "ε",
    "ledger_col_delta": "δ",
    "ledger_col_total": "累计花费 ε",
    "ledger_download": "账本（JSON）",
    "ledger_title": "本次会话的账本",
    "released_title": "发布结果",
    # 每人的行数
    "tab_bounds": "3. 每人的行数",
    "bounds_needs_id": (
        "在左侧选择**一个人（可能有多行记录）**以及标识一个人的列：本页随后显示每人行数的上限取多少时误差"
        "最小。"
    ),
    "bounds_intro": (
        "发布时每个人最多保留 m 行。m 越大，丢掉的行越少（偏差越小），但噪声要乘以 m：最好的 m 在两"
        "者之间取得平衡。"
    ),
    "bounds_statistic": "显示的统计量",
    "bounds_none": "计划中没有可以权衡上限的计数、求和或直方图（均值和分位数暂不在此分析）。",
    "bounds_per_bar": (
        "直方图按每个条形来看：上限丢掉的行平均分到它的 {bars} 个条形上，"
        "与每个条形上的噪声相比，两者都按平均条形（{average}）的比例表示。"
    ),
    "bounds_chart_title": "{name}：\n误差与每人保留的行数\n（占真实值的比例）",
    "bounds_x": "每人保留的行数（m）",
    "bounds_y": "95% 误差占真实值的比例",
    "bounds_total": "偏差 + 噪声",
    "bounds_noise": "噪声（随 m 增大）",
    "bounds_bias": "丢掉的行（偏差）",
    "bounds_best_note": "最好：m = {m}",
    "bounds_yours_note": "你的：m = {m}",
    "bounds_col_statistic": "统计量",
    "bounds_col_best": "最好的 m",
    "bounds_col_at_best": "最好的 m 下的误差",
    "bounds_col_at_yours": "你的 m 下的误差",
    "bounds_reading": (
        "对 **{name}** 而言，最小误差 {at_best} 出现在 **m = {best}**。在你的 m"
        " = {m} 下误差为 {at_yours}：其中 {bias} 来自上限丢掉的行，{noise} 来自噪声（"
        "95%）。"
    ),
    "bounds_not_private": (
        "这些数字读取了每个人有多少行：据此选择 m 是**一次没有用任何预算付费的查看数据**。最好使用由数"
        "据收集方式决定的上限（每天一次就诊、每年一张表），再用本页看这个上限的代价。"
    ),
    "bounds_private_title": "以隐私的方式选择 m",
    "bounds_private_intro": (
        "花一点 ε，不看数据就选出 m：OpenDP 以隐私的方式抽出每人行数的你所选分位数"
        "（大约是保留这部分人全部行的 m）。这份 ε 在抽取之前记入本会话的账本（发布标签页）。"
    ),
    "bounds_private_eps": "选择 m 所花的 ε",
    "bounds_private_q": "保留全部行的人占",
    "bounds_private_draw": "以隐私方式抽取 m（花费 ε = {epsilon}）",
    "bounds_private_what": "每人行数上限（{column}），{share} 分位数",
    "bounds_private_result": (
        "以隐私方式抽出：**m = {m}**（大约保留按 {column} 区分的 {share} 的人的全部行），"
        "花费 ε = {epsilon}。"
    ),
    "bounds_private_use": "使用 m = {m}",
    # 给定风险，求 ε
    "target_title": "给定风险，求 ε",
    "target_intro": "说明攻击者最多能达到什么程度；本页求出满足它的最大总 ε。",
    "target_kind": "攻击者最多能达到",
    "target_kind_tpr": "在一定误报率下抓到的成员比例",
    "target_kind_advantage": "优势（抓到的成员比例减去误报率）",
    "target_value_tpr": "抓到的成员最多",
    "target_value_fpr": "误报率为",
    "target_value_advantage": "优势最多",
    "target_tpr": "任何攻击者在 {fpr} 的误报率下抓到的数据中的人不超过 {tpr}",
    "target_advantage": "任何攻击者抓到成员的比例比误报率高出不超过 {advantage}",
    "target_found": (
        "为使{wanted}，整个计划最多可花费 **ε = {total}**（按当前份额）；此时最强的攻击者达到 {success}。"
    ),
    "target_found_top": (
        "为使{wanted}，整个计划甚至可花费 ε = {total}，即本页考虑的最大值（此时最强的攻击者达到 {success}）。"
    ),
    "target_within": "计划目前花费 ε = {plan}：在目标之内。",
    "target_over": "计划目前花费 ε = {plan}：**超出目标**。请把总预算降到 {total} 或更低。",
    "target_how": (
        "最强的攻击者由 riskcal（Kulynych 等，2024）从计划自身的隐私损失分布（dp-accounting）读出："
        "这是针对本计划的精确最优检验，比单看 ε 界更紧。"
    ),
    "target_metric_total": "满足目标的最大总 ε",
    "target_metric_plan": "计划的总 ε",
    # 总体的一个样本
    "sample_title": "如果数据是总体的一个样本",
    "sample_check": "我的数据是一个更大总体的秘密随机样本",
    "sample_rate": "抽样率：总体中每个人进入数据的概率",
    "sample_rate_help": "随机访问每 20 户中的 1 户的调查：0.05。人口普查：根本不是样本。",
    "sample_metric_data": "对数据中的人的 ε",
    "sample_metric_population": "对总体的 ε",
    "sample_reading": (
        "在一个以概率 {rate} 包含总体中每个人的样本上运行时，本计划的 ε = {epsilon}（δ = {delta}）对总体中的"
        "每个人提供 **ε = {amplified}**（δ = {amplified_delta}）的保护：ln(1 + q (e^ε − 1))（Balle、Barthe 与 "
        "Gaboardi，2018）。一个人被隐藏了两次：一次靠噪声，一次靠别人不知道他是否被抽中。"
    ),
    "sample_when": (
        "这只在以下条件下成立：每个人以该概率独立进入样本，并且**外人不知道谁被抽中**；知道目标接受过调查的"
        "攻击者面对的是原来的 ε。它不适用于人口普查、公开的受访者名单，或可能告诉别人自己参与了的人。"
        "除非你能担保这一切，否则请公布原来的 ε。"
    ),
    # 每个柱子的误差
    "cells_intro": (
        "直方图的每个柱子加的噪声一样大，所以大柱子测得准，小柱子可能被噪声淹没。每个点是一个柱子"
        "（或计划中的一个计数）：横轴是它的真实大小，纵轴是误差占这个大小的比例。"
    ),
    "cells_threshold": "误差超过多少时，柱子算作噪声太大",
    "cells_threshold_help": "占柱子自身计数的比例：取 50% 时，20 人的柱子误差超过 ±10 就算噪声太大。",
    "cells_bad_threshold": "判定噪声太大的比例必须是正数。",
    "cells_none": "计划中还没有直方图：在左侧添加一个，即可看到它每个柱子的误差。",
    "cells_chart_title": "每个柱子的误差与其大小\n（线以上：误差超过柱子的 {threshold}）",
    "cells_x": "真实大小（人数，对数刻度）",
    "cells_y": "95% 误差占大小的比例",
    "cells_useful": "噪声下仍有用的柱子",
    "cells_noisy": "噪声太大的柱子",
    "cells_count": "计划中的计数",
    "cells_rule": "柱子的 {threshold}",
    "cells_histogram": (
        "**{name}**：{bars} 个柱子中有 {noisy} 个噪声太大（每个柱子的误差都是 ±{accuracy}；柱子至少要有 "
        "{needed} 人，误差才不超过 {threshold}）。"
    ),
    "cells_counts": "作为对照，计划中的计数：{names}。",
    "cells_table_title": "{name} 中噪声太大的柱子（从小到大）",
    "cells_more": "（另有 {more} 个未列出）",
    "cells_col_bar": "柱子",
    "cells_col_count": "真实计数",
    "cells_col_error": "95% 误差",
    "cells_col_relative": "误差 / 计数",
    "cells_empty": "空柱子：没有大小可比",
    "keys_chart_title": "{name}：\n每个类别被公布的概率",
    "keys_x": "类别的真实计数（人）",
    "keys_y": "被公布的概率",
    "keys_curve": "这个大小的任一类别",
    "keys_category": "你数据中的一个类别",
    "keys_reading": (
        "**{name}**：类别的加噪计数达到 **{threshold}** 时才会公布。"
        "有 **{sure}** 人或更多的类别，{share} 的情况下会被公布；"
        "只属于一个人的类别出现的概率至多为 {delta}，这就是这个直方图花费的 δ。"
        "你数据中的 {found} 个类别里，{likely} 个很可能被公布，"
        "{dropped} 个很可能被略去，{between} 个两者都有可能。"
    ),
    "cells_private_note": (
        "本页读取真实计数，与计划的准确度一样：它是给在自己数据上规划发布的人看的，绝不能与发布结果一起公开。"
        "想让小柱子有用：给这个直方图更多预算份额，把小类别合并成更宽的类别，或只发布它们的总数。"
    ),
}
